import type { Socket } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FaultKind } from "./fault-plan.ts";
import type { Upstream } from "./upstreams.ts";

type ApplyFaultOptions = {
  /** Picks the garbage body and content type; JSON when absent. */
  upstream?: Upstream;
  /** How long a "timeout" holds the request before dropping the connection (default 120 s). */
  maxHoldMs?: number;
};

type Garbage = { contentType: string; body: string | Buffer };

const JSON_GARBAGE: Garbage = {
  contentType: "application/json; charset=utf-8",
  body: '{"mensaje":"Búsqueda exitosa","codigo":"01","registros":[{"curp":"',
};

// Each body has the upstream's usual content type but cannot be read as that format.
const GARBAGE: Readonly<Record<Upstream, Garbage>> = {
  padron: {
    contentType: "text/plain; charset=utf-8",
    body: "1|EKU9003173C9|ESCUELA KEMP\r\n<!-- ORA-03113 -->|",
  },
  "certificate-search": JSON_GARBAGE,
  "certificate-files": {
    contentType: "application/octet-stream",
    body: Buffer.from("308206400201ff0a0d0a3c68746d6c3e", "hex"),
  },
  renapo: JSON_GARBAGE,
  "commerce-registry": {
    contentType: "application/json; charset=utf-8",
    body: '{"query":"A","records":[{"fme":"N-20',
  },
  "contributor-lists": {
    contentType: "text/csv",
    body: 'RFC,RAZON SOCIAL,TIPO PERSONA\r\n"AAA010101AAA,\u0000\u0000',
  },
  "postal-codes": { contentType: "text/plain; charset=iso-8859-1", body: "d_codigo|d_asenta\r\n0100" },
  "sat-csf": {
    contentType: "text/html; charset=UTF-8",
    body: '<html><body><form id="ubicacionForm"><ul><li>El RFC: EKU9003173C9, tiene aso',
  },
};

const UNAVAILABLE_PAGE =
  "<!DOCTYPE html><html><head><title>503 Service Unavailable</title></head>" +
  "<body><h1>Service Unavailable</h1><p>The server is temporarily unable to service your request.</p></body></html>";

/** Holds the request without answering until the client gives up or `maxHoldMs` passes. */
function holdUntilClientGivesUp(socket: Socket, maxHoldMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve();
    const timer = setTimeout(() => socket.destroy(), maxHoldMs);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Answers a request with a fault; handlers `return applyFault(...)`. timeout: never answers;
 * error5xx: 503 HTML page; reset: TCP reset; garbage: 200 with an unreadable body.
 * Servers should set Fastify's `forceCloseConnections: true` so held requests do not delay close().
 */
export async function applyFault(
  kind: FaultKind,
  request: FastifyRequest,
  reply: FastifyReply,
  options: ApplyFaultOptions = {},
): Promise<FastifyReply> {
  const socket = request.raw.socket;
  switch (kind) {
    case "timeout":
      reply.hijack();
      await holdUntilClientGivesUp(socket, options.maxHoldMs ?? 120_000);
      return reply;
    case "reset":
      reply.hijack();
      socket.resetAndDestroy();
      return reply;
    case "error5xx":
      return reply.code(503).header("content-type", "text/html; charset=utf-8").send(UNAVAILABLE_PAGE);
    case "garbage": {
      const garbage = options.upstream ? GARBAGE[options.upstream] : JSON_GARBAGE;
      return reply.code(200).header("content-type", garbage.contentType).send(garbage.body);
    }
  }
}
