import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { Redis } from "ioredis";
import type { KeyUseRecorder } from "../../api-keys/record-key-use.ts";
import { installRateLimit } from "../../rate-limits/install-rate-limit.ts";
import { logApiRequests, type RequestLogWriter } from "../../request-log/record-api-requests.ts";
import type { Db } from "../db/connect.ts";
import { requireApiKey } from "./authenticate.ts";

export interface ApiScopeDeps {
  db: Db;
  keyUse: KeyUseRecorder;
  requestLog: RequestLogWriter;
  redis: Redis | null;
  rateLimitPerMinute: number;
}

/** Everything an API route stands behind: key authentication, the request log and the rate limit. */
export function apiScope(deps: ApiScopeDeps, routes: (scope: FastifyInstance) => void): FastifyPluginAsync {
  return async (scope) => {
    requireApiKey(scope, deps.db, deps.keyUse);
    logApiRequests(scope, deps.requestLog);
    installRateLimit(scope, { perMinute: deps.rateLimitPerMinute, redis: deps.redis });
    routes(scope);
  };
}
