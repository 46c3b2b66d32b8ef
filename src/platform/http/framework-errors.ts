import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { sendUnexpected } from "./error-handler.ts";
import { sendProblem } from "./problem.ts";

const NOT_FOUND: Record<string, string> = {
  FST_ERR_BAD_URL: "The URL has a malformed percent-escape: no such resource.",
  FST_ERR_MAX_PARAM_LENGTH: "A part of the URL is longer than any identifier.",
};

/**
 * What Fastify's router refuses before any hook runs (Fastify's `frameworkErrors`): answered as
 * problem+json with the request id like every other error. A URL that cannot be decoded names nothing.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header("x-request-id", request.id);
  const detail = NOT_FOUND[error.code];
  if (detail) return sendProblem(request, reply, "not_found", detail);
  return sendUnexpected(request, reply, error);
}
