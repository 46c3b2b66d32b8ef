import {
  bulkhead,
  ConsecutiveBreaker,
  circuitBreaker,
  ExponentialBackoff,
  handleWhen,
  type IPolicy,
  noop,
  retry,
  TimeoutStrategy,
  timeout,
  wrap,
} from "cockatiel";
import { UpstreamFailure } from "./upstream-failure.ts";

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

const isFailure = (error: Error) => error instanceof UpstreamFailure;
const isRetryableFailure = (error: Error) => error instanceof UpstreamFailure && error.retryable;

/**
 * retry (idempotent reads only) → circuit breaker → bulkhead → per-attempt timeout. The timeout is
 * innermost so waiting for a bulkhead slot does not eat an attempt's time; the breaker counts attempts.
 */
export function buildPolicy(settings: PolicySettings, idempotent: boolean): IPolicy {
  const retryPolicy =
    idempotent && settings.retries > 0
      ? retry(handleWhen(isRetryableFailure), {
          maxAttempts: settings.retries,
          backoff: new ExponentialBackoff({
            initialDelay: settings.retryDelayMs,
            maxDelay: Math.max(settings.retryDelayMs, 10 * settings.retryDelayMs),
          }),
        })
      : noop;
  const breaker =
    settings.breakerFailures > 0
      ? circuitBreaker(handleWhen(isFailure), {
          halfOpenAfter: settings.breakerCooldownMs,
          breaker: new ConsecutiveBreaker(settings.breakerFailures),
        })
      : noop;
  const limit = bulkhead(settings.concurrency, settings.queueLimit);
  // abortOnReturn would abort every finished attempt's signal: a DOMException each, for nothing to stop.
  const attemptTimeout = timeout(settings.timeoutMs, {
    strategy: TimeoutStrategy.Cooperative,
    abortOnReturn: false,
  });
  return wrap(retryPolicy, breaker, limit, attemptTimeout);
}
