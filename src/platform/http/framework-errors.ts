import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { sendUnexpected } from "./error-handler.ts";
import { sendProblem } from "./problem.ts";

/**
 * What Fastify's router refuses before any hook runs (Fastify's `frameworkErrors`): answered as
 * problem+json with the request id like every other error. A URL that cannot be decoded names nothing.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header("x-request-id", request.id);
  if (error.code === "FST_ERR_BAD_URL")
    return sendProblem(
      request,
      reply,
      "not_found",
      "The URL has a malformed percent-escape: no such resource.",
    );
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH")
    return sendProblem(request, reply, "not_found", "A part of the URL is longer than any identifier.");
  return sendUnexpected(request, reply, error);
}
