import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from "fastify";
import { Type } from "typebox";
import { ProblemSchema } from "./schemas.ts";

/** One concern installed on the API's scope (a hook): app.ts builds them from the features. */
export type ScopeGuard = (scope: FastifyInstance) => void | Promise<void>;

// What any API route can answer (key, input guard, rate limit, a bug, shedding load), and what any
// POST adds (its body and its Idempotency-Key): documented once here, so the OpenAPI document and
// the MCP tools generated from it list every answer a client can get.
const EVERY_ROUTE = [401, 422, 429, 500, 503];
const EVERY_POST = [400, 409, 413, 415];
const IdempotencyHeaders = Type.Object({
  "idempotency-key": Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description:
        "A retry with the same key and body replays the first answer without a second charge (kept 24 h)",
    }),
  ),
});

/**
 * Everything an API route stands behind, installed in the order given (app.ts: key authentication,
 * the request log, the rate limit) before the routes, and the answers all of them share.
 */
export function apiScope(
  guards: readonly ScopeGuard[],
  routes: (scope: FastifyInstance) => void,
): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook("onRoute", documentSharedAnswers);
    for (const guard of guards) await guard(scope);
    routes(scope);
  };
}

function documentSharedAnswers(route: RouteOptions): void {
  const post = route.method === "POST";
  const statuses = post ? [...EVERY_ROUTE, ...EVERY_POST] : EVERY_ROUTE;
  route.schema ??= {};
  const { schema } = route;
  const shared = Object.fromEntries(statuses.map((status) => [status, ProblemSchema]));
  schema.response = { ...shared, ...(schema.response as object | undefined) };
  if (post) schema.headers ??= IdempotencyHeaders;
}
