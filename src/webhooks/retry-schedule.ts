// DESIGN §3.4: after the first attempt, retries 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; then failed.
export const RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const MAX_DELIVERY_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;

/**
 * Wait before the retry that follows failed attempt `attempt` (1-based), scaled for tests, with up to
 * 10 % jitter; a receiver's Retry-After is honoured when it asks for longer. Null: no retries left.
 */
export function nextRetryDelayMs(
  attempt: number,
  timeScale: number,
  retryAfterMs: number | null,
): number | null {
  const planned = RETRY_SCHEDULE_MS[attempt - 1];
  if (planned === undefined) return null;
  const scaled = planned * timeScale;
  const jittered = scaled + Math.random() * scaled * 0.1;
  return Math.round(Math.max(jittered, retryAfterMs ?? 0));
}
