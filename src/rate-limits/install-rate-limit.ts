import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { ServiceError } from "../platform/errors.ts";

/**
 * Per-key limits on the API scope: in memory on one process, in Redis when several share the load.
 * Runs after authentication, so the key (never the address) is what is counted.
 */
export async function installRateLimit(
  scope: FastifyInstance,
  options: { perMinute: number; redis: Redis | null },
): Promise<void> {
  await scope.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: 60_000,
    hook: "preParsing",
    enableDraftSpec: true,
    redis: options.redis ?? undefined,
    nameSpace: "padron-rl:",
    skipOnError: true,
    keyGenerator: (request) => request.auth?.keyId ?? request.ip,
    errorResponseBuilder: (_request, context) =>
      new ServiceError(
        "rate_limited",
        `Rate limit of ${context.max} requests per ${context.after} exceeded; retry later.`,
        {
          headers: { "retry-after": String(Math.max(1, Math.ceil(context.ttl / 1000))) },
        },
      ),
  });
}
