import type { FastifyInstance } from "fastify";
import { ProblemSchema } from "../platform/http/schemas.ts";
import { type ContextDeps, contextOf } from "../request-context.ts";
import { sendAccepted } from "../requests/accept-async.ts";
import { acceptVerifyBatch } from "./accept-verify-batch.ts";
import { AcceptedSchema, type BatchRecord, VerifyBatchBody } from "./batch-schemas.ts";

/** The job behind it is registered by `registerAsyncOperations` (register-async-operations.ts). */
export type VerifyBatchDeps = ContextDeps;

/** POST /v1/rfc/verify-batch: 202 at once, results by webhook; its own, lower rate limit per key. */
export function verifyBatchRoute(scope: FastifyInstance, deps: VerifyBatchDeps): void {
  scope.post(
    "/rfc/verify-batch",
    {
      config: { rateLimit: { max: deps.config.rateLimitBatchPerMinute } },
      schema: {
        summary: "Up to 5,000 RFC + name + postal code records in one padrón round trip; result by webhook",
        tags: ["rfc"],
        body: VerifyBatchBody,
        response: {
          202: AcceptedSchema,
          401: ProblemSchema,
          402: ProblemSchema,
          422: ProblemSchema,
          429: ProblemSchema,
        },
      },
    },
    async (request, reply) =>
      sendAccepted(
        reply,
        await acceptVerifyBatch(
          contextOf(request, deps),
          request.body as { records: BatchRecord[]; webhook_url: string },
        ),
      ),
  );
}
