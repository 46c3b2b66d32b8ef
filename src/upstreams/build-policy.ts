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

/** Runs one attempt with its own signal (aborted by its timeout or by the caller). */
export type Attempt<T> = (signal: AbortSignal) => Promise<T>;

export type Policy = { execute<T>(attempt: Attempt<T>, callerSignal: AbortSignal): Promise<T> };

const refused = (reason: "circuit_open" | "overloaded") => new UpstreamFailure(reason, reason, false);

/**
 * retry (idempotent reads only) → circuit breaker → bulkhead → per-attempt timeout: the timeout is
 * innermost so waiting for a slot does not eat an attempt's time; the breaker counts attempts; a
 * caller's cancellation is never retried nor counted. Decision 0006: these four, written for the one
 * way padron uses them, instead of cockatiel's general policies (a fraction of the garbage per call).
 */
export function buildPolicy(settings: PolicySettings, idempotent: boolean): Policy {
  const breaker = createBreaker(settings);
  const slots = createSlots(settings);
  const attempts = idempotent ? settings.retries + 1 : 1;

  async function once<T>(attempt: Attempt<T>, callerSignal: AbortSignal): Promise<T> {
    const trial = breaker.admit();
    const waiting = slots.take(callerSignal);
    if (waiting) {
      try {
        await waiting;
      } catch (error) {
        breaker.released(trial);
        throw error;
      }
    }
    const controller = new AbortController();
    const abort = () => controller.abort();
    const timer = setTimeout(abort, settings.timeoutMs);
    callerSignal.addEventListener("abort", abort, { once: true });
    try {
      const value = await attempt(controller.signal);
      breaker.succeeded(trial);
      return value;
    } catch (error) {
      if (error instanceof UpstreamFailure) breaker.failed(trial);
      else breaker.released(trial);
      throw error;
    } finally {
      clearTimeout(timer);
      callerSignal.removeEventListener("abort", abort);
      slots.give();
    }
  }

  return {
    async execute(attempt, callerSignal) {
      let delay = settings.retryDelayMs;
      for (let made = 1; ; made++) {
        try {
          return await once(attempt, callerSignal);
        } catch (error) {
          const retryable = error instanceof UpstreamFailure && error.retryable;
          if (!retryable || made >= attempts || callerSignal.aborted) throw error;
        }
        // Decorrelated jitter: between the first delay and three times the last, capped at ten firsts.
        const cap = 10 * settings.retryDelayMs;
        delay = Math.min(cap, settings.retryDelayMs + Math.random() * (3 * delay - settings.retryDelayMs));
        await pause(delay, callerSignal);
      }
    },
  };
}

function createBreaker(settings: PolicySettings) {
  let failures = 0;
  let openUntil = 0;
  let trialRunning = false;
  return {
    /** Whether this call is the half-open trial; throws while the breaker is open. */
    admit(): boolean {
      if (settings.breakerFailures === 0 || failures < settings.breakerFailures) return false;
      if (Date.now() < openUntil || trialRunning) throw refused("circuit_open");
      trialRunning = true;
      return true;
    },
    succeeded(trial: boolean) {
      failures = 0;
      if (trial) trialRunning = false;
    },
    failed(trial: boolean) {
      failures++;
      if (trial) trialRunning = false;
      if (settings.breakerFailures > 0 && failures >= settings.breakerFailures)
        openUntil = Date.now() + settings.breakerCooldownMs;
    },
    released(trial: boolean) {
      if (trial) trialRunning = false;
    },
  };
}

function createSlots(settings: PolicySettings) {
  let busy = 0;
  const waiting: { resume(): void; fail(error: Error): void }[] = [];
  return {
    take(callerSignal: AbortSignal): Promise<void> | undefined {
      if (callerSignal.aborted) return Promise.reject(new CallerAborted("cancelled by the caller"));
      if (busy < settings.concurrency) {
        busy++;
        return undefined;
      }
      if (waiting.length >= settings.queueLimit) return Promise.reject(refused("overloaded"));
      return new Promise((resolve, reject) => {
        const waiter = {
          resume: () => {
            callerSignal.removeEventListener("abort", onAbort);
            resolve();
          },
          fail: reject,
        };
        const onAbort = () => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new CallerAborted("cancelled while waiting for a slot"));
        };
        callerSignal.addEventListener("abort", onAbort, { once: true });
        waiting.push(waiter);
      });
    },
    give() {
      const next = waiting.shift();
      if (next) next.resume();
      else busy--;
    },
  };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      signal.removeEventListener("abort", cancel);
      resolve();
    };
    const cancel = () => {
      clearTimeout(timer);
      reject(new CallerAborted("cancelled during a retry delay"));
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", cancel, { once: true });
  });
}
