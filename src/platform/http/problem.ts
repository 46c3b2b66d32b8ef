import type { FastifyReply, FastifyRequest } from "fastify";
import { ERRORS, type ErrorCode, type FieldError, type ServiceError } from "../errors.ts";

export function problemOf(code: ErrorCode, detail: string, requestId: string, errors?: FieldError[]) {
  const { status, title } = ERRORS[code];
  return {
    type: `/docs/errors#${code}`,
    title,
    status,
    code,
    detail,
    request_id: requestId,
    ...(errors ? { errors } : {}),
  };
}

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  detail: string,
  extra: Pick<ServiceError, "errors" | "headers"> = {},
): FastifyReply {
  const problem = problemOf(code, detail, request.id, extra.errors);
  if (extra.headers) reply.headers(extra.headers);
  return reply.code(problem.status).type("application/problem+json").send(problem);
}
