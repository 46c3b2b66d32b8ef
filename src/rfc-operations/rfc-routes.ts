import type { FastifyInstance, FastifyReply } from "fastify";
import { acceptingWebhook } from "../batches/accepting-webhook.ts";
import { AcceptedSchema } from "../batches/batch-schemas.ts";
import { ProblemSchema } from "../platform/http/schemas.ts";
import { csfRoute } from "./csf-route.ts";
import { findZip } from "./find-zip.ts";
import { profileTaxpayer } from "./profile-taxpayer.ts";
import type { OperationOutcome } from "./taxpayer-context.ts";
import { type TaxpayerDeps, taxpayerContextOf } from "./taxpayer-context-of.ts";
import {
  FindZipBody,
  FindZipSchema,
  ProfileBody,
  ProfileSchema,
  ValidateBody,
  ValidationSchema,
  VerifyBody,
  VerifySchema,
} from "./taxpayer-schemas.ts";
import { validateRfc } from "./validate-rfc.ts";
import { verifyRfc } from "./verify-rfc.ts";

const problems = {
  202: AcceptedSchema,
  401: ProblemSchema,
  402: ProblemSchema,
  422: ProblemSchema,
  429: ProblemSchema,
};

export const send = <B>(reply: FastifyReply, result: OperationOutcome<B>) =>
  reply.code(result.status).send(result.body);

/** POST /v1/rfc/validate, verify, find-zip, profile and csf: each route calls one verb. */
export function taxpayerRoutes(scope: FastifyInstance, deps: TaxpayerDeps): void {
  scope.post(
    "/rfc/validate",
    {
      schema: {
        summary:
          "Full validation: padrón status, name, postal code, certificates, identity, contributor lists",
        tags: ["rfc"],
        body: ValidateBody,
        response: { 200: ValidationSchema, ...problems },
      },
    },
    acceptingWebhook(deps, "validate", (request, input: { rfc: string; name?: string }) =>
      validateRfc(taxpayerContextOf(request, deps), input),
    ),
  );
  scope.post(
    "/rfc/verify",
    {
      schema: {
        summary: "RFC alone, or RFC + name + postal code, against the padrón",
        tags: ["rfc"],
        body: VerifyBody,
        response: { 200: VerifySchema, ...problems },
      },
    },
    acceptingWebhook(deps, "verify", (request, input: { rfc: string }) =>
      verifyRfc(taxpayerContextOf(request, deps), input),
    ),
  );
  scope.post(
    "/rfc/find-zip",
    {
      schema: {
        summary: "Recovers the registered postal code of an RFC + name",
        tags: ["rfc"],
        body: FindZipBody,
        response: { 200: FindZipSchema, ...problems },
      },
    },
    acceptingWebhook(deps, "find-zip", (request, input: { rfc: string; name: string }) =>
      findZip(taxpayerContextOf(request, deps), input),
    ),
  );
  scope.post(
    "/rfc/profile",
    {
      schema: {
        summary: "Name, email, legal representative and certificates from SAT's published certificates",
        tags: ["rfc"],
        body: ProfileBody,
        response: { 200: ProfileSchema, ...problems },
      },
    },
    acceptingWebhook(deps, "profile", (request, input: { rfc: string }) =>
      profileTaxpayer(taxpayerContextOf(request, deps), input),
    ),
  );
  csfRoute(scope, deps);
}
