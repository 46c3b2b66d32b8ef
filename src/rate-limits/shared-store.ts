import { createRequire } from "node:module";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Redis } from "ioredis";
import type { SharedRedis } from "../platform/redis/shared-redis.ts";

// The plugin's own stores; it does not export them, so they are loaded by path.
const require = createRequire(import.meta.url);
const RedisStore: new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => FastifyRateLimitStore = require("@fastify/rate-limit/store/RedisStore.js");
const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean) => FastifyRateLimitStore =
  require("@fastify/rate-limit/store/LocalStore.js");

/** Counts through Redis while it can be asked and in this process while it cannot: never unlimited. */
function fallingBack(
  remote: FastifyRateLimitStore,
  local: FastifyRateLimitStore,
  redis: SharedRedis,
  limiter: string,
): FastifyRateLimitStore {
  return {
    incr(key, callback, timeWindow, max) {
      const countHere = () => {
        redis.fellBack(limiter);
        local.incr(key, callback, timeWindow, max);
      };
      if (!redis.usable()) return countHere();
      const answered: typeof callback = (error, result) => {
        redis.answered(!error, error);
        if (error) countHere();
        else callback(null, result);
      };
      remote.incr(key, answered, timeWindow, max);
    },
    child: (route) => fallingBack(remote.child(route), local.child(route), redis, limiter),
  };
}

/**
 * The store for one `@fastify/rate-limit` registration: the plugin's memory store without Redis; with
 * it, its Redis store under `nameSpace`, falling back per process (decision 0022). `limiter` names
 * the fallbacks in /metrics.
 */
export function sharedStore(
  redis: SharedRedis | null,
  limiter: string,
  nameSpace: string,
): FastifyRateLimitStoreCtor | undefined {
  if (!redis) return undefined;
  const shared = redis;
  // The plugin builds its store with `new`: each instance passes its calls to one falling-back store.
  return class implements FastifyRateLimitStore {
    readonly store = fallingBack(
      new RedisStore(false, false, shared.client, nameSpace),
      new LocalStore(false, false),
      shared,
      limiter,
    );
    incr: FastifyRateLimitStore["incr"] = (...args) => this.store.incr(...args);
    child: FastifyRateLimitStore["child"] = (route) => this.store.child(route);
  };
}
