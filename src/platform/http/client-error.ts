import type { Socket } from "node:net";
import type { ConnectionError } from "fastify";
import type { ErrorCode } from "../errors.ts";
import { newId } from "../ids.ts";
import { problemOf } from "./problem.ts";

const CLIENT_ERRORS: Record<string, { code: ErrorCode; detail: string }> = {
  HPE_HEADER_OVERFLOW: {
    code: "headers_too_large",
    detail: "The request headers are larger than the limit.",
  },
  ERR_HTTP_REQUEST_TIMEOUT: { code: "request_timeout", detail: "The request was not received in time." },
};
const UNREADABLE = { code: "malformed_json", detail: "The request is not valid HTTP/1.1." } as const;

/**
 * What Node's HTTP parser refuses before Fastify sees a request (Fastify's `clientErrorHandler`):
 * a problem document with a request id of its own, like every other error, then the socket is closed.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable) {
    const { code, detail } = CLIENT_ERRORS[error.code] ?? UNREADABLE;
    const requestId = newId("req");
    const problem = problemOf(code, detail, requestId);
    const body = JSON.stringify(problem);
    socket.write(
      `HTTP/1.1 ${problem.status} ${problem.title}\r\ncontent-type: application/problem+json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nx-request-id: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
