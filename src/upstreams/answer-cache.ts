import { LRUCache } from "lru-cache";
import { type Unavailable, unavailable } from "./result.ts";
import type { UpstreamCaller } from "./upstream-caller.ts";

type Flight<R> = { answer: Promise<R>; waiters: number; controller: AbortController };

/** A bounded LRU of upstream answers with one TTL. */
export type AnswerCache<V> = ReturnType<typeof createAnswerCache<V>>;

/** A configured source whose answers are cached: its address, caller and cache. */
export type CachedSource<V> = { url: string; caller: UpstreamCaller; cache: AnswerCache<V> };

/**
 * lru-cache keeps the answers; the loads in flight stay a map of their own: its `fetchMethod` lets the
 * first asker's signal cancel a load others still wait for, and would cache "unavailable" answers.
 */
export function createAnswerCache<V>(options: { ttlMs: number; maxEntries: number; now: () => number }) {
  const keeps = options.ttlMs > 0 && options.maxEntries > 0;
  const entries = new LRUCache<string, { value: V }>({
    max: Math.max(1, options.maxEntries),
    ttl: Math.max(1, options.ttlMs),
    // Read the clock on every look-up, not once per millisecond behind a timer.
    ttlResolution: 0,
    perf: { now: options.now },
  });
  return {
    /** Loads in progress, shared by concurrent askers of one key. */
    flights: new Map<string, Flight<V>>(),
    get: (key: string) => entries.get(key)?.value,
    set(key: string, value: V) {
      if (keeps) entries.set(key, { value });
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Answers from the cache, or loads and keeps the answer unless it is "unavailable". Concurrent askers
 * of one key share one load; it is cancelled only when every one of them has given up.
 */
export async function cachedAnswer<R extends { status: string }>(
  cache: AnswerCache<R>,
  key: string,
  signal: AbortSignal | undefined,
  load: (signal: AbortSignal) => Promise<R>,
): Promise<R | Unavailable> {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  if (signal?.aborted) return unavailable("aborted");
  const flights = cache.flights;
  let flight = flights.get(key);
  if (!flight || flight.controller.signal.aborted) {
    const controller = new AbortController();
    const started: Flight<R> = { answer: load(controller.signal), waiters: 0, controller };
    const settle = () => {
      if (flights.get(key) === started) flights.delete(key);
    };
    started.answer.then((answer) => {
      settle();
      if (answer.status !== "unavailable") cache.set(key, answer);
    }, settle);
    flights.set(key, started);
    flight = started;
  }
  return waitFor(flight, signal);
}

function waitFor<R>(flight: Flight<R>, signal: AbortSignal | undefined): Promise<R | Unavailable> {
  flight.waiters += 1;
  if (!signal) return flight.answer;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      flight.waiters -= 1;
      if (flight.waiters === 0) flight.controller.abort();
      resolve(unavailable("aborted"));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    flight.answer.then(
      (answer) => {
        signal.removeEventListener("abort", onAbort);
        resolve(answer);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
