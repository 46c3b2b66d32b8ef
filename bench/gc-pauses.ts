// The garbage collector's pauses in this process by kind, since the last take: what a p99 alone cannot
// tell apart from other waits (decision 0033). The bench servers print them on their stdin command `gc`.
import { constants, PerformanceObserver } from "node:perf_hooks";

type Tally = { count: number; ms: number; max_ms: number };

const KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak_callbacks",
};
let tallies: Record<string, Tally> = {};

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = KINDS[(entry as unknown as { detail: { kind: number } }).detail.kind] ?? "other";
    tallies[kind] ??= { count: 0, ms: 0, max_ms: 0 };
    const tally = tallies[kind];
    tally.count++;
    tally.ms += entry.duration;
    tally.max_ms = Math.max(tally.max_ms, entry.duration);
  }
}).observe({ entryTypes: ["gc"] });

/** The pauses since the last call (milliseconds rounded to 0.01), and starts counting anew. */
export function takeGcPauses(): Record<string, Tally> {
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const taken = Object.fromEntries(
    Object.entries(tallies).map(([kind, t]) => [
      kind,
      { count: t.count, ms: round(t.ms), max_ms: round(t.max_ms) },
    ]),
  );
  tallies = {};
  return taken;
}
