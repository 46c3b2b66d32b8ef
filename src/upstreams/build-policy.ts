import {
  BrokenCircuitError,
  BulkheadRejectedError,
  bulkhead,
  ConsecutiveBreaker,
  circuitBreaker,
  ExponentialBackoff,
  type GeneratorFn,
  handleWhen,
  noop,
  retry,
  TaskCancelledError,
  TimeoutStrategy,
  timeout,
  wrap,
} from "cockatiel";
import { CallerAborted, UpstreamFailure } from "./upstream-failure.ts";

export type PolicySettings = {
  /** Per attempt, from sending the request to the last byte of the body. */
  timeoutMs: number;
  /** Extra attempts after the first; only used when the operation is idempotent. */
  retries: number;
  /** First backoff delay; later ones grow exponentially with decorrelated jitter. */
  retryDelayMs: number;
  /** Consecutive failed attempts that open the breaker; 0: no breaker. */
  breakerFailures: number;
  /** How long the breaker stays open before letting one trial call through. */
  breakerCooldownMs: number;
  /** Requests in flight at once towards this upstream. */
  concurrency: number;
  /** Calls allowed to wait for a free slot; beyond it calls answer "overloaded". */
  queueLimit: number;
};

/**
 * cockatiel's retry (idempotent reads only) → circuit breaker → bulkhead → per-attempt timeout: the
 * timeout is innermost so waiting for a slot does not eat an attempt's time; the breaker counts
 * attempts; a caller's cancellation is never retried nor counted.
 */
export function buildPolicy(settings: PolicySettings, idempotent: boolean) {
  const policy = wrap(
    retry(
      handleWhen((error) => error instanceof UpstreamFailure && error.retryable),
      {
        maxAttempts: idempotent ? settings.retries : 0,
        backoff: new ExponentialBackoff({
          initialDelay: settings.retryDelayMs,
          maxDelay: 10 * settings.retryDelayMs,
          generator: decorrelatedJitter,
        }),
      },
    ),
    settings.breakerFailures > 0
      ? circuitBreaker(
          handleWhen((error) => error instanceof UpstreamFailure),
          {
            halfOpenAfter: settings.breakerCooldownMs,
            breaker: new ConsecutiveBreaker(settings.breakerFailures),
          },
        )
      : noop,
    bulkhead(settings.concurrency, settings.queueLimit),
    timeout(settings.timeoutMs, TimeoutStrategy.Cooperative),
  );
  return {
    /** Runs `attempt` with its own signal, aborted by its timeout or by the caller. */
    async execute<T>(attempt: (signal: AbortSignal) => Promise<T>, callerSignal: AbortSignal): Promise<T> {
      try {
        return await untilAborted(
          policy.execute(({ signal }) => attempt(signal), callerSignal),
          callerSignal,
        );
      } catch (error) {
        throw ownError(error);
      }
    },
  };
}

/** AWS's decorrelated jitter: never sooner than the first delay, at most three times the previous. */
const decorrelatedJitter: GeneratorFn<number> = (previous, { initialDelay, maxDelay }) => {
  const delay = initialDelay + Math.random() * (3 * (previous ?? initialDelay) - initialDelay);
  return [Math.min(maxDelay, delay), Math.min(maxDelay, delay)];
};

/**
 * A caller that gives up is answered now: cockatiel notices a cancelled call only at its next step
 * (a free bulkhead slot, the end of a backoff delay or of a half-open trial).
 */
export function untilAborted<T>(running: Promise<T>, signal: AbortSignal): Promise<T> {
  running.catch(() => {});
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new CallerAborted("cancelled by the caller"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    running.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** cockatiel's refusals as padron's upstream failures. */
export function ownError(error: unknown): unknown {
  if (error instanceof BrokenCircuitError) return new UpstreamFailure("circuit_open", "circuit_open", false);
  if (error instanceof BulkheadRejectedError) return new UpstreamFailure("overloaded", "overloaded", false);
  if (error instanceof TaskCancelledError) return new CallerAborted("cancelled by the caller");
  return error;
}
