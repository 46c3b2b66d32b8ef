type Entry<V> = { value: V; expiresAt: number };

/** A bounded LRU of upstream answers with one TTL; a Map keeps insertion order, re-inserted on read. */
export type AnswerCache<V> = {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  readonly size: number;
};

export function createAnswerCache<V>(options: {
  ttlMs: number;
  maxEntries: number;
  now: () => number;
}): AnswerCache<V> {
  const entries = new Map<string, Entry<V>>();
  return {
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

/** Answers from the cache, or loads and keeps the answer unless it is "unavailable". */
export async function cachedAnswer<R extends { status: string }>(
  cache: AnswerCache<R>,
  key: string,
  load: () => Promise<R>,
): Promise<R> {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const answer = await load();
  if (answer.status !== "unavailable") cache.set(key, answer);
  return answer;
}
