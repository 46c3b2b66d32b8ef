import type { FastifyInstance } from "fastify";
import { ProblemSchema } from "../platform/http/schemas.ts";
import { type TaxpayerDeps, taxpayerContextOf } from "../taxpayers/taxpayer-context-of.ts";
import { send } from "../taxpayers/taxpayer-routes.ts";
import { CommerceRegistryBody } from "../taxpayers/taxpayer-schemas.ts";
import { CommerceRegistrySchema } from "./registry-schemas.ts";
import { searchCommerceRegistry } from "./search-commerce-registry.ts";

/** POST /v1/rfc/commerce-registry (beta). */
export function commerceRegistryRoute(scope: FastifyInstance, deps: TaxpayerDeps): void {
  scope.post(
    "/rfc/commerce-registry",
    {
      schema: {
        summary: "Commerce-registry folios of a company, matched by name and RFC (beta)",
        tags: ["rfc"],
        body: CommerceRegistryBody,
        response: {
          200: CommerceRegistrySchema,
          401: ProblemSchema,
          402: ProblemSchema,
          422: ProblemSchema,
          429: ProblemSchema,
        },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await searchCommerceRegistry(
          taxpayerContextOf(request, deps),
          request.body as { rfc: string; name?: string },
        ),
      ),
  );
}
