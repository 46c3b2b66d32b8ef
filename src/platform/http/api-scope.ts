import type { FastifyInstance, FastifyPluginAsync } from "fastify";

/** One concern installed on the API's scope (a hook): app.ts builds them from the features. */
export type ScopeGuard = (scope: FastifyInstance) => void | Promise<void>;

/**
 * Everything an API route stands behind, installed in the order given (app.ts: key authentication,
 * the request log, the rate limit) before the routes.
 */
export function apiScope(
  guards: readonly ScopeGuard[],
  routes: (scope: FastifyInstance) => void,
): FastifyPluginAsync {
  return async (scope) => {
    for (const guard of guards) await guard(scope);
    routes(scope);
  };
}
