import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply } from "fastify";
import { sendAccepted } from "../async-requests/accept-async.ts";
import type { OperationResult } from "../async-requests/operations.ts";
import { ProblemSchema } from "../platform/http/schemas.ts";
import { contextOf } from "../request-context.ts";
import { acceptVerifyBatch } from "./accept-verify-batch.ts";
import { answerOrAccept } from "./answer-or-accept.ts";
import { AcceptedSchema, VerifyBatchBody } from "./batch-schemas.ts";
import { csfOperation } from "./check-csf.ts";
import { registrationOperation } from "./check-registration.ts";
import { checkSatLists } from "./check-sat-lists.ts";
import { CSF_BODY_LIMIT, CsfBody, CsfSchema } from "./csf-schema.ts";
import { findZipOperation } from "./find-zip.ts";
import { RegistrationSchema, SatListsBody, SatListsSchema } from "./local-answer-schemas.ts";
import { profileOperation } from "./profile-taxpayer.ts";
import { CommerceRegistrySchema } from "./registry-schemas.ts";
import { type RfcDeps, rfcContextOf } from "./rfc-context.ts";
import * as schemas from "./rfc-schemas.ts";
import { runSynchronously } from "./run-synchronously.ts";
import { commerceRegistryOperation } from "./search-commerce-registry.ts";
import { validateOperation } from "./validate-rfc.ts";
import { verifyOperation } from "./verify-rfc.ts";

// 401, 422, 429 and the rest every /v1 route shares are added by the API scope.
const problems = { 402: ProblemSchema };
const tags = ["rfc"];
const send = <B>(reply: FastifyReply, result: OperationResult<B>) =>
  reply.code(result.status).send(result.body);

/** Every POST /v1/rfc/* route: a schema-checked, typed body handed to one operation. */
export function rfcRoutes(scope: FastifyInstance, deps: RfcDeps): void {
  const rfc = scope.withTypeProvider<TypeBoxTypeProvider>();
  const answered = <S>(summary: string, body: S, answer: unknown) => ({
    schema: { summary, tags, body, response: { 200: answer, 202: AcceptedSchema, ...problems } },
  });
  rfc.post(
    "/rfc/validate",
    answered(
      "Full validation: padrón status, name, postal code, certificates, identity, contributor lists",
      schemas.ValidateBody,
      schemas.ValidationSchema,
    ),
    (request, reply) => answerOrAccept(request, reply, deps, validateOperation, request.body),
  );
  rfc.post(
    "/rfc/verify",
    answered(
      "RFC alone, or RFC + name + postal code, against the padrón",
      schemas.VerifyBody,
      schemas.VerifySchema,
    ),
    (request, reply) => answerOrAccept(request, reply, deps, verifyOperation, request.body),
  );
  rfc.post(
    "/rfc/find-zip",
    answered(
      "Recovers the registered postal code of an RFC + name",
      schemas.FindZipBody,
      schemas.FindZipSchema,
    ),
    (request, reply) => answerOrAccept(request, reply, deps, findZipOperation, request.body),
  );
  rfc.post(
    "/rfc/profile",
    answered(
      "Name, email, legal representative and certificates from SAT's published certificates",
      schemas.ProfileBody,
      schemas.ProfileSchema,
    ),
    (request, reply) => answerOrAccept(request, reply, deps, profileOperation, request.body),
  );
  rfc.post(
    "/rfc/commerce-registry",
    answered(
      "Commerce-registry folios of a company, matched by name and RFC (beta)",
      schemas.CommerceRegistryBody,
      CommerceRegistrySchema,
    ),
    (request, reply) => answerOrAccept(request, reply, deps, commerceRegistryOperation, request.body),
  );
  rfc.post(
    "/rfc/csf",
    {
      bodyLimit: CSF_BODY_LIMIT,
      schema: {
        summary: "SAT's current record from the CSF page: name, CFDI 4.0 name, CP, regimes, status",
        tags,
        body: CsfBody,
        response: { 200: CsfSchema, ...problems },
      },
    },
    async (request, reply) =>
      send(reply, await runSynchronously(rfcContextOf(request, deps), csfOperation, request.body)),
  );
  rfc.post(
    "/rfc/verify-batch",
    {
      // Its own, lower rate limit per key.
      config: { rateLimit: { max: deps.config.rateLimits.batchPerMinute } },
      schema: {
        summary: "Up to 5,000 RFC + name + postal code records in one padrón round trip; result by webhook",
        tags,
        body: VerifyBatchBody,
        response: { 202: AcceptedSchema, ...problems },
      },
    },
    async (request, reply) =>
      sendAccepted(reply, await acceptVerifyBatch(contextOf(request, deps), request.body)),
  );
  rfc.post(
    "/rfc/sat-lists",
    {
      schema: {
        summary:
          "Art. 69, 69-B and 69-B Bis listings of an RFC (1 credit; free with an active plan; an unknown answer is free)",
        tags,
        body: SatListsBody,
        response: { 200: SatListsSchema, ...problems },
      },
    },
    (request) => checkSatLists(contextOf(request, deps), request.body.rfc),
  );
  rfc.post(
    "/rfc/registration",
    {
      schema: {
        summary: "Registration (SAT's registered-RFC list) and CSDs (certificate list), answered locally",
        tags,
        body: schemas.RegistrationBody,
        response: { 200: RegistrationSchema, ...problems },
      },
    },
    async (request, reply) =>
      send(reply, await runSynchronously(rfcContextOf(request, deps), registrationOperation, request.body)),
  );
}
