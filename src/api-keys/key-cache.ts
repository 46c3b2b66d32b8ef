import type { Db } from "../platform/db/connect.ts";
import type { KeyContext } from "./authenticate-api-key.ts";

// Resolved keys are kept briefly so a busy key costs no checksum, hash or query per request: keyed by
// the presented key, in this process's memory only (never logged or stored). Deleting a key clears
// the cache of its database at once in this process; other processes notice within the TTL.
const caches = new WeakMap<Db, Map<string, { context: KeyContext; until: number }>>();
const MAX_ENTRIES = 10_000;

export const KEY_CACHE_TTL_MS = 2_000;

export function cachedKey(db: Db, presented: string, now = Date.now()): KeyContext | undefined {
  const hit = caches.get(db)?.get(presented);
  return hit && hit.until > now ? hit.context : undefined;
}

export function rememberKey(db: Db, presented: string, context: KeyContext, now = Date.now()): void {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(presented, { context, until: now + KEY_CACHE_TTL_MS });
}

export function forgetKeys(db: Db): void {
  caches.get(db)?.clear();
}
