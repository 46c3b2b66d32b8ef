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

type Incr = FastifyRateLimitStore["incr"];

/** Counts through Redis while it can be asked and in this process while it cannot: never unlimited. */
class FallingBackStore implements FastifyRateLimitStore {
  readonly remote: FastifyRateLimitStore;
  readonly local: FastifyRateLimitStore;
  readonly redis: SharedRedis;
  readonly limiter: string;

  constructor(
    remote: FastifyRateLimitStore,
    local: FastifyRateLimitStore,
    redis: SharedRedis,
    limiter: string,
  ) {
    this.remote = remote;
    this.local = local;
    this.redis = redis;
    this.limiter = limiter;
  }

  incr(...[key, callback, timeWindow, max]: Parameters<Incr>): void {
    const countHere = () => {
      this.redis.fellBack(this.limiter);
      this.local.incr(key, callback, timeWindow, max);
    };
    if (!this.redis.usable()) countHere();
    else
      this.remote.incr(
        key,
        (error, result) => {
          this.redis.answered(!error, error);
          if (error) countHere();
          else callback(null, result);
        },
        timeWindow,
        max,
      );
  }

  child(route: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
    return new FallingBackStore(this.remote.child(route), this.local.child(route), this.redis, this.limiter);
  }
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
  return class extends FallingBackStore {
    constructor() {
      super(
        new RedisStore(false, false, shared.client, nameSpace),
        new LocalStore(false, false),
        shared,
        limiter,
      );
    }
  };
}
