import type { FastifyInstance, FastifyReply } from "fastify";
import { ProblemSchema } from "../platform/http/schemas.ts";
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

const problems = { 401: ProblemSchema, 402: ProblemSchema, 422: ProblemSchema, 429: ProblemSchema };

export const send = <B>(reply: FastifyReply, result: OperationOutcome<B>) =>
  reply.code(result.status).send(result.body);

/** POST /v1/rfc/validate, verify, find-zip and profile: each route calls one verb. */
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
    async (request, reply) =>
      send(
        reply,
        await validateRfc(taxpayerContextOf(request, deps), request.body as { rfc: string; name?: string }),
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
    async (request, reply) =>
      send(reply, await verifyRfc(taxpayerContextOf(request, deps), request.body as { rfc: string })),
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
    async (request, reply) =>
      send(
        reply,
        await findZip(taxpayerContextOf(request, deps), request.body as { rfc: string; name: string }),
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
    async (request, reply) =>
      send(reply, await profileTaxpayer(taxpayerContextOf(request, deps), request.body as { rfc: string })),
  );
}
