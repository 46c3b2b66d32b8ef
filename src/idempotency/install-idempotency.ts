import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { KeyContext } from "../api-keys/authenticate-api-key.ts";
import type { Db } from "../platform/db/connect.ts";
import { ServiceError } from "../platform/errors.ts";
import {
  claimIdempotencyKey,
  forgetKey,
  type IdempotencyKey,
  storeIdempotentResponse,
} from "./claim-idempotency-key.ts";
import { fingerprintOf, formerFingerprintOf } from "./fingerprint-request.ts";
import { type HeldKey, holdIdempotencyKey } from "./hold-idempotency-key.ts";

const MAX_KEY_LENGTH = 255;
const KEPT_HEADERS = ["content-type", "location", "x-credits-charged", "x-credits-remaining", "retry-after"];
// 402, 408, 409, 425 and 429 depend on the moment (balance, a concurrent request, load), like a 5xx:
// a retry after a top-up or a pause must run again, so those answers free the key instead.
const ANSWERS_OF_THE_MOMENT = new Set([402, 408, 409, 425, 429]);

type IdempotencyDeps = { db: Db; waitMs: number; leaseMs: number };

interface Pending {
  id: IdempotencyKey;
  requestId: string;
  held: HeldKey;
  settled: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    idempotency: Pending | null;
  }
}

/**
 * `Idempotency-Key` on every POST of the scope: a hook before the handler claims the key (holding it
 * while the handler runs) or replays the stored response; a hook on send keeps the first response if
 * a retry should repeat it (2xx, and 4xx about the request itself) or releases the key.
 */
export function installIdempotency(scope: FastifyInstance, deps: IdempotencyDeps): void {
  scope.decorateRequest("idempotency", null);
  // Written with `done`: almost no request carries the header, and those pass without a promise.
  scope.addHook("preHandler", (request, reply, done) => {
    const header = request.headers["idempotency-key"];
    if (header === undefined || request.method !== "POST" || !request.auth) return done();
    claimOrReplay(deps, request, reply, request.auth, header).then(() => done(), done);
  });
  scope.addHook("onSend", (request, reply, payload, done) => {
    if (!request.idempotency) return done(null, payload);
    settle(deps.db, request, reply, payload).then(() => done(null, payload), done);
  });
  // Only a reply that skipped onSend is still unsettled here.
  scope.addHook("onResponse", (request, reply, done) => {
    if (!request.idempotency) return done();
    settle(deps.db, request, reply, null).then(() => done(), done);
  });
}

async function claimOrReplay(
  deps: IdempotencyDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: KeyContext,
  header: string | string[],
): Promise<void> {
  const key = Array.isArray(header) ? "" : header.trim();
  if (key.length === 0 || key.length > MAX_KEY_LENGTH)
    throw new ServiceError("invalid_request", `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters.`, {
      errors: [{ path: "/headers/idempotency-key", message: `must be 1 to ${MAX_KEY_LENGTH} characters` }],
    });
  const id = { ownerId: auth.owner.id, mode: auth.mode, key };
  const path = request.url.split("?")[0];
  const claim = await claimIdempotencyKey(deps.db, id, {
    fingerprint: fingerprintOf(request.method, path, request.body),
    formerFingerprint: formerFingerprintOf(request.method, path, request.body),
    waitMs: deps.waitMs,
    leaseMs: deps.leaseMs,
    requestId: request.id,
  });
  if (claim.kind === "first") {
    const held = holdIdempotencyKey(deps.db, id, request.id, deps.leaseMs, (error) =>
      request.log.warn({ err: error, idempotencyKey: key }, "renewing an Idempotency-Key lease failed"),
    );
    request.idempotency = { id, requestId: request.id, held, settled: false };
    return;
  }
  reply.headers(claim.response.headers).header("idempotent-replayed", "true");
  reply.code(claim.response.status).send(claim.response.body);
}

/** Once the answer is known: keep it for retries, or free the key so a retry runs again. */
async function settle(db: Db, request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const pending = request.idempotency;
  if (!pending || pending.settled) return;
  pending.settled = true;
  pending.held.release();
  const body =
    typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : null;
  if (body === null || !worthRepeating(reply.statusCode))
    return forgetKey(db, pending.id, { requestId: pending.requestId });
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  await storeIdempotentResponse(db, pending.id, pending.requestId, {
    status: reply.statusCode,
    headers,
    body,
  });
}

function worthRepeating(status: number): boolean {
  if (status >= 200 && status < 300) return true;
  return status >= 400 && status < 500 && !ANSWERS_OF_THE_MOMENT.has(status);
}
