import type { FastifyInstance } from "fastify";
import { acceptingWebhook } from "../batches/accepting-webhook.ts";
import { AcceptedSchema } from "../batches/batch-schemas.ts";
import { ProblemSchema } from "../platform/http/schemas.ts";
import { type TaxpayerDeps, taxpayerContextOf } from "../taxpayers/taxpayer-context-of.ts";
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
          202: AcceptedSchema,
          401: ProblemSchema,
          402: ProblemSchema,
          422: ProblemSchema,
          429: ProblemSchema,
        },
      },
    },
    acceptingWebhook(deps, "commerce-registry", (request, input: { rfc: string; name?: string }) =>
      searchCommerceRegistry(taxpayerContextOf(request, deps), input),
    ),
  );
}
