import { Type } from "typebox";
import type { AppDeps, PadronApp } from "../../src/app.ts";
import { payForRequest } from "../../src/credits/pay-for-request.ts";
import { apiScope } from "../../src/platform/http/api-scope.ts";
import { contextOf } from "../../src/request-context.ts";

/**
 * Mounts `POST /v1-test/echo` behind the real API scope: a charged operation (priced as verify) with a
 * strict body schema, for platform tests that need a POST route before the product has one of its own.
 */
export function mountEchoRoute(
  padron: PadronApp,
  { config, database }: Pick<AppDeps, "config" | "database">,
): void {
  const deps = { config, database, services: padron.services };
  padron.app.register(
    apiScope(padron.apiGuards, (scope) => {
      scope.post(
        "/echo",
        {
          schema: {
            body: Type.Object(
              { rfc: Type.String({ maxLength: 13 }), note: Type.Optional(Type.String({ maxLength: 50 })) },
              { additionalProperties: false },
            ),
          },
        },
        async (request) => {
          const ctx = contextOf(request, deps);
          await payForRequest(ctx, "verify");
          return { echo: request.body };
        },
      );
    }),
    { prefix: "/v1-test" },
  );
}
