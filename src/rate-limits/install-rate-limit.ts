import type { FastifyInstance, FastifyReply, preParsingHookHandler } from "fastify";
import { ServiceError } from "../platform/errors.ts";
import { appendRouteHook } from "../platform/http/route-hooks.ts";
import type { SharedRedis } from "../platform/redis/shared-redis.ts";
import {
  memoryWindowCounter,
  redisWindowCounter,
  type WindowCount,
  type WindowCounter,
} from "./window-counters.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A route's own per-key limit, counted apart from the scope's. */
    rateLimitPerMinute?: number;
  }
}

const MINUTE_MS = 60_000;

/**
 * Per-key limits on the API scope: in memory on one process, in Redis when several share the load
 * (per process again while Redis cannot be asked).
 * Runs after authentication, so the key (never the address) is what is counted. Each route gets its
 * own hook, so the limit and counter group are settled once, not looked up per request.
 */
export function installRateLimit(
  scope: FastifyInstance,
  options: { perMinute: number; redis: SharedRedis | null },
): void {
  const counter = options.redis
    ? redisWindowCounter(options.redis, "padron-rl:", "api")
    : memoryWindowCounter();
  scope.addHook("onRoute", (route) => {
    const own = route.config?.rateLimitPerMinute;
    const limit = own ?? options.perMinute;
    const group = own === undefined ? "" : `${route.method} ${route.url}:`;
    appendRouteHook(route, "preParsing", limitRequests(counter, limit, group));
  });
}

function limitRequests(counter: WindowCounter, limit: number, group: string): preParsingHookHandler {
  const limitText = String(limit);
  return (request, reply, payload, done) => {
    const taken = counter.take(group + (request.auth?.keyId ?? request.ip), MINUTE_MS);
    if (!(taken instanceof Promise)) return done(answerLimit(reply, limit, limitText, taken), payload);
    taken.then((count) => done(answerLimit(reply, limit, limitText, count), payload));
  };
}

/** Sets the ratelimit-* headers; the error to answer with once the window's limit is passed. */
function answerLimit(
  reply: FastifyReply,
  limit: number,
  limitText: string,
  { count, msLeft }: WindowCount,
): ServiceError | null {
  const reset = String(Math.max(1, Math.ceil(msLeft / 1000)));
  reply.header("ratelimit-limit", limitText);
  reply.header("ratelimit-remaining", String(Math.max(0, limit - count)));
  reply.header("ratelimit-reset", reset);
  if (count <= limit) return null;
  return new ServiceError(
    "rate_limited",
    `Rate limit of ${limit} requests per minute exceeded; retry in ${reset} s.`,
    {
      headers: { "retry-after": reset },
    },
  );
}
