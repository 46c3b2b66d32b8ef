import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isServiceError } from "../errors.ts";
import { sendProblem } from "./problem.ts";

const DETAILS = {
  payload_too_large: "The request body is larger than the limit.",
  unsupported_media_type: "Send the body as JSON with Content-Type: application/json.",
  malformed_json: "The request body is not valid JSON.",
};

const FRAMEWORK_CODES: Record<string, keyof typeof DETAILS> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "payload_too_large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported_media_type",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "malformed_json",
  FST_ERR_CTP_EMPTY_JSON_BODY: "malformed_json",
  FST_ERR_CTP_INVALID_JSON_BODY: "malformed_json",
};

const NOT_FOUND: Record<string, string> = {
  FST_ERR_BAD_URL: "The URL has a malformed percent-escape: no such resource.",
  FST_ERR_MAX_PARAM_LENGTH: "A part of the URL is longer than any identifier.",
};

/** The one mapper from anything thrown to an RFC 9457 problem response. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isServiceError(error)) return sendProblem(request, reply, error.code, error.message, error);
    if (error.validation) {
      // A header's path names its place (/headers/idempotency-key); a body field's path is its own.
      const place = error.validationContext === "headers" ? "/headers" : "";
      const errors = error.validation.map((v) => ({
        path: place + validationPath(v.instancePath, v.params as Record<string, unknown>),
        message: v.message ?? "is invalid",
      }));
      return sendProblem(request, reply, "invalid_request", "The request does not match the schema.", {
        errors,
      });
    }
    const mapped =
      (error.code && FRAMEWORK_CODES[error.code]) ||
      (error instanceof SyntaxError && error.statusCode === 400 ? "malformed_json" : undefined);
    if (mapped) return sendProblem(request, reply, mapped, DETAILS[mapped]);
    return sendUnexpected(request, reply, error);
  });
}

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

/** A bug: 500 with nothing of the failure but the request id; the details go to the log only. */
function sendUnexpected(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  request.log.error({ err: error }, "unhandled error");
  return sendProblem(
    request,
    reply,
    "internal_error",
    "Something went wrong on our side. Quote the request id if you contact us.",
  );
}

function validationPath(instancePath: string, params: Record<string, unknown>): string {
  const extra = params.additionalProperty ?? params.missingProperty;
  return extra ? `${instancePath}/${String(extra)}` : instancePath || "/";
}
