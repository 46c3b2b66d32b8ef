import type { SharedRedis } from "../platform/redis/shared-redis.ts";

/** A key's count in its current fixed window, and the milliseconds left until that window ends. */
export type WindowCount = { count: number; msLeft: number };

/**
 * Counts one more request for `key` in fixed windows of `windowMs`. In memory the answer is
 * immediate; through Redis it is a promise.
 */
export interface WindowCounter {
  take(key: string, windowMs: number): WindowCount | Promise<WindowCount>;
}

/** One process's counts; windows that have ended are swept once the map grows. */
export function memoryWindowCounter(sweepAbove = 10_000): WindowCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    take(key, windowMs) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || now >= window.endsAt) {
        if (!window && windows.size >= sweepAbove) sweep(windows, now);
        window = { count: 0, endsAt: now + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return { count: window.count, msLeft: window.endsAt - now };
    },
  };
}

function sweep(windows: Map<string, { endsAt: number }>, now: number): void {
  for (const [key, window] of windows) if (now >= window.endsAt) windows.delete(key);
}

// The window starts with the first request: INCR then, only for it, PEXPIRE; PTTL says what is left.
const TAKE = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

/**
 * Counts shared by every process using the same Redis, under `prefix`. While Redis cannot be asked
 * (down, or slower than its 100 ms command timeout) this process counts alone: a limit per process,
 * never no limit. `limiter` names the fallbacks in /metrics.
 */
export function redisWindowCounter(redis: SharedRedis, prefix: string, limiter: string): WindowCounter {
  const local = memoryWindowCounter();
  const countHere = (key: string, windowMs: number) => {
    redis.fellBack(limiter);
    return local.take(key, windowMs);
  };
  return {
    take(key, windowMs) {
      if (!redis.usable()) return countHere(key, windowMs);
      return (redis.client.eval(TAKE, 1, `${prefix}${key}`, windowMs) as Promise<[number, number]>).then(
        ([count, msLeft]) => {
          redis.answered(true);
          return { count, msLeft: Math.max(0, msLeft) };
        },
        (error) => {
          redis.answered(false, error);
          return countHere(key, windowMs);
        },
      );
    },
  };
}
