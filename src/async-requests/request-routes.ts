import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { Nullable, ProblemSchema } from "../platform/http/schemas.ts";
import { type ContextDeps, contextOf } from "../request-context.ts";
import { describeRequest } from "./describe-request.ts";
import { redeliverRequest } from "./redeliver-request.ts";

const Params = Type.Object({
  id: Type.String({ maxLength: 64, description: "The request_id of a 202 answer" }),
});
const RequestSchema = Type.Object({
  request_id: Type.String(),
  operation: Type.String(),
  status: Type.Union([Type.Literal("processing"), Type.Literal("completed"), Type.Literal("failed")]),
  created_at: Type.String(),
  completed_at: Nullable(Type.String()),
  progress: Type.Optional(Type.Object({ done: Type.Integer(), total: Type.Integer() })),
  result: Type.Union([Type.Object({ status: Type.Integer(), body: Type.Unknown() }), Type.Null()]),
  webhook: Type.Optional(
    Type.Object({
      status: Type.Union([Type.Literal("pending"), Type.Literal("delivered"), Type.Literal("failed")]),
      attempts: Type.Integer(),
    }),
  ),
});

/** GET /v1/requests/{id} and its redelivery: the asynchronous requests a 202 answer named. */
export function requestRoutes(scope: FastifyInstance, deps: ContextDeps): void {
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    "/requests/:id",
    {
      schema: {
        operationId: "request_status",
        summary: "An asynchronous request: status, progress and result (kept 7 days)",
        tags: ["requests"],
        params: Params,
        response: { 200: RequestSchema, 404: ProblemSchema },
      },
    },
    (request) => describeRequest(contextOf(request, deps), request.params.id),
  );
  typed.post(
    "/requests/:id/redeliver",
    {
      schema: {
        operationId: "request_redeliver",
        summary: "Send a finished request's webhook again (same webhook-id)",
        tags: ["requests"],
        params: Params,
        response: {
          202: Type.Object({
            request_id: Type.String(),
            webhook_id: Type.String(),
            status: Type.Literal("pending"),
          }),
          404: ProblemSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await redeliverRequest(contextOf(request, deps), request.params.id)),
  );
}
