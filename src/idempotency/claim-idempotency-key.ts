import { setTimeout as sleep } from "node:timers/promises";
import type { KeyMode } from "../api-keys/key-format.ts";
import { refundUnansweredRequest } from "../credits/refund-unanswered-request.ts";
import type { Db } from "../platform/db/connect.ts";
import { ServiceError } from "../platform/errors.ts";

export const KEEP_MS = 24 * 3600 * 1000;

/** Whose key it is: an owner's test and live keys never share one. */
export interface IdempotencyKey {
  ownerId: string;
  mode: KeyMode;
  key: string;
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Claim = { kind: "first" } | { kind: "replay"; response: StoredResponse };

/** The row's key columns, for `where((eb) => eb.and(columnsOf(id)))`. */
export const columnsOf = (id: IdempotencyKey) => ({ owner_id: id.ownerId, mode: id.mode, key: id.key });

/**
 * Decides what a request with an Idempotency-Key does: the first one runs; a retry with the same body
 * replays the stored response, waiting (up to `waitMs`) while the first still runs; another body is 409.
 * The first holds the key for `leaseMs` and must renew it while it runs; a lapsed lease means it died,
 * and its client got no answer: the retry takes the key over and refunds the dead request's charge.
 */
export async function claimIdempotencyKey(
  db: Db,
  id: IdempotencyKey,
  input: {
    fingerprint: string;
    formerFingerprint?: string;
    waitMs: number;
    leaseMs: number;
    requestId: string;
  },
): Promise<Claim> {
  const started = Date.now();
  let pause = 10;
  for (;;) {
    const now = Date.now();
    const inserted = await db
      .insertInto("idempotency_keys")
      .values({
        ...columnsOf(id),
        fingerprint: input.fingerprint,
        status: "running",
        locked_until: now + input.leaseMs,
        request_id: input.requestId,
        created_at: now,
        expires_at: now + KEEP_MS,
      })
      .onConflict((oc) => oc.columns(["owner_id", "mode", "key"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: "first" };
    const row = await db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where((eb) => eb.and(columnsOf(id)))
      .executeTakeFirst();
    if (!row) continue;
    if (row.expires_at <= now) {
      await forgetKey(db, id, { createdAt: row.created_at });
      continue;
    }
    if (row.fingerprint !== input.fingerprint && row.fingerprint !== input.formerFingerprint)
      throw new ServiceError(
        "idempotency_conflict",
        "This Idempotency-Key was already used with a different request body.",
      );
    if (row.status === "done")
      return {
        kind: "replay",
        response: {
          status: Number(row.response_status),
          headers: JSON.parse(row.response_headers ?? "{}"),
          body: row.response_body ?? "",
        },
      };
    if (row.locked_until < now) {
      if (await takeOver(db, id, row, { ...input, now })) return { kind: "first" };
      continue;
    }
    if (now - started >= input.waitMs)
      throw new ServiceError(
        "idempotency_in_progress",
        "A request with this Idempotency-Key is still running; retry shortly.",
        { headers: { "retry-after": "1" } },
      );
    await sleep(pause);
    pause = Math.min(pause * 2, 100);
  }
}

/** The key of a dead holder, taken by `requestId` with the refund of the dead request in one transaction. */
async function takeOver(
  db: Db,
  id: IdempotencyKey,
  row: { locked_until: number; request_id: string | null },
  input: { leaseMs: number; requestId: string; now: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable("idempotency_keys")
      .set({ locked_until: input.now + input.leaseMs, request_id: input.requestId })
      .where((eb) => eb.and(columnsOf(id)))
      .where("locked_until", "=", row.locked_until)
      .where("status", "=", "running")
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return false;
    if (row.request_id !== null)
      await refundUnansweredRequest(trx, { ownerId: id.ownerId, requestId: row.request_id });
    return true;
  });
}

/** Keeps the answer for retries, unless `requestId` lost the key meanwhile (a retry took it over). */
export async function storeIdempotentResponse(
  db: Db,
  id: IdempotencyKey,
  requestId: string,
  response: StoredResponse,
): Promise<void> {
  await db
    .updateTable("idempotency_keys")
    .set({
      status: "done",
      response_status: response.status,
      response_headers: JSON.stringify(response.headers),
      response_body: response.body,
    })
    .where((eb) => eb.and(columnsOf(id)))
    .where("request_id", "=", requestId)
    .execute();
}

/** Lets the key be used again: its holder's answer is not one to repeat, or it expired. */
export async function forgetKey(
  db: Db,
  id: IdempotencyKey,
  which: { requestId: string } | { createdAt: number },
): Promise<void> {
  await db
    .deleteFrom("idempotency_keys")
    .where((eb) => eb.and(columnsOf(id)))
    .where((eb) =>
      "requestId" in which ? eb("request_id", "=", which.requestId) : eb("created_at", "=", which.createdAt),
    )
    .execute();
}
