import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { ServiceError } from "../platform/errors.ts";
import type { SharedRedis } from "../platform/redis/shared-redis.ts";
import { sharedStore } from "./shared-store.ts";

/**
 * Per-key limits on the API scope (`@fastify/rate-limit`): `ratelimit-*` headers on every answer,
 * 429 `rate_limited` with `Retry-After` past the limit. A route's own `config.rateLimit.max` (verify-
 * batch) counts apart. Runs after authentication, so the key, never the address, is what is counted.
 */
export async function limitApiRequests(
  scope: FastifyInstance,
  options: { perMinute: number; redis: SharedRedis | null },
): Promise<void> {
  await scope.register(rateLimit, {
    max: options.perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => request.auth?.keyId ?? request.ip,
    enableDraftSpec: true,
    store: sharedStore(options.redis, "api", "padron-rl:"),
    errorResponseBuilder: (_request, { max, ttl }) => {
      const retryAfter = String(Math.max(1, Math.ceil(ttl / 1000)));
      return new ServiceError(
        "rate_limited",
        `Rate limit of ${max} requests per minute exceeded; retry in ${retryAfter} s.`,
        { headers: { "retry-after": retryAfter } },
      );
    },
  });
}
