import { type Unavailable, unavailable } from "./result.ts";

type Entry<V> = { value: V; expiresAt: number };
type Flight<R> = { answer: Promise<R>; waiters: number; controller: AbortController };

/** A bounded LRU of upstream answers with one TTL; a Map keeps insertion order, re-inserted on read. */
export type AnswerCache<V> = {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  readonly size: number;
  /** Loads in progress, shared by concurrent askers of one key. */
  readonly flights: Map<string, Flight<V>>;
};

export function createAnswerCache<V>(options: {
  ttlMs: number;
  maxEntries: number;
  now: () => number;
}): AnswerCache<V> {
  const entries = new Map<string, Entry<V>>();
  return {
    flights: new Map(),
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= options.now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      if (options.ttlMs <= 0 || options.maxEntries <= 0) return;
      entries.delete(key);
      entries.set(key, { value, expiresAt: options.now() + options.ttlMs });
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
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
