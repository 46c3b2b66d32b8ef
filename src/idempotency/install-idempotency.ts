import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../platform/db/connect.ts";
import { ServiceError } from "../platform/errors.ts";
import { claimIdempotencyKey, forgetKey, storeIdempotentResponse } from "./claim-idempotency-key.ts";

const MAX_KEY_LENGTH = 255;
const KEPT_HEADERS = ["content-type", "location", "x-credits-charged", "x-credits-remaining", "retry-after"];

interface Pending {
  ownerId: string;
  key: string;
  stored: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    idempotency: Pending | null;
  }
}

/**
 * `Idempotency-Key` on every POST of the scope: a hook before the handler claims the key or replays the
 * stored response; a hook on send keeps the first response (never a 5xx, so those can be retried).
 */
export function installIdempotency(scope: FastifyInstance, deps: { db: Db; waitMs: number }): void {
  scope.decorateRequest("idempotency", null);
  // Written with `done`: almost no request carries the header, and those pass without a promise.
  scope.addHook("preHandler", (request, reply, done) => {
    const header = request.headers["idempotency-key"];
    if (header === undefined || request.method !== "POST" || !request.auth) return done();
    claimOrReplay(deps, request, reply, request.auth.owner.id, header).then(() => done(), done);
  });
  scope.addHook("onSend", (request, reply, payload, done) => {
    if (!request.idempotency) return done(null, payload);
    keepResponse(deps.db, request, reply, payload).then(() => done(null, payload), done);
  });
  scope.addHook("onResponse", (request, _reply, done) => {
    const pending = request.idempotency;
    if (!pending || pending.stored) return done();
    forgetKey(deps.db, pending.ownerId, pending.key).then(() => done(), done);
  });
}

async function claimOrReplay(
  deps: { db: Db; waitMs: number },
  request: FastifyRequest,
  reply: FastifyReply,
  ownerId: string,
  header: string | string[],
): Promise<void> {
  const key = Array.isArray(header) ? "" : header.trim();
  if (key.length === 0 || key.length > MAX_KEY_LENGTH)
    throw new ServiceError("invalid_request", `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters.`, {
      errors: [{ path: "/headers/idempotency-key", message: `must be 1 to ${MAX_KEY_LENGTH} characters` }],
    });
  const claim = await claimIdempotencyKey(deps.db, {
    ownerId,
    key,
    fingerprint: fingerprintOf(request),
    waitMs: deps.waitMs,
  });
  if (claim.kind === "first") {
    request.idempotency = { ownerId, key, stored: false };
    return;
  }
  reply.headers(claim.response.headers).header("idempotent-replayed", "true");
  reply.code(claim.response.status).send(claim.response.body);
}

async function keepResponse(db: Db, request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const pending = request.idempotency;
  if (!pending || pending.stored || reply.statusCode >= 500) return;
  const body =
    typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : null;
  if (body === null) return;
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  await storeIdempotentResponse(db, {
    ownerId: pending.ownerId,
    key: pending.key,
    response: { status: reply.statusCode, headers, body },
  });
  pending.stored = true;
}

function fingerprintOf(request: FastifyRequest): string {
  const path = request.url.split("?")[0];
  return createHash("sha256")
    .update(`${request.method} ${path}\n${JSON.stringify(request.body ?? null)}`)
    .digest("base64url");
}
