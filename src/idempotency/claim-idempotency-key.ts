import { setTimeout as sleep } from "node:timers/promises";
import type { KeyMode } from "../api-keys/key-format.ts";
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
 * The first holds the key for `leaseMs` and must renew it while it runs; a lapsed lease means it died.
 */
export async function claimIdempotencyKey(
  db: Db,
  id: IdempotencyKey,
  input: { fingerprint: string; waitMs: number; leaseMs: number },
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
      await forgetKey(db, id, row.created_at);
      continue;
    }
    if (row.fingerprint !== input.fingerprint)
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
      const taken = await db
        .updateTable("idempotency_keys")
        .set({ locked_until: now + input.leaseMs })
        .where((eb) => eb.and(columnsOf(id)))
        .where("locked_until", "=", row.locked_until)
        .where("status", "=", "running")
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { kind: "first" };
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

export async function storeIdempotentResponse(
  db: Db,
  id: IdempotencyKey,
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
    .execute();
}

/** Lets the key be used again (the first request's answer is not one to repeat, or it expired). */
export async function forgetKey(db: Db, id: IdempotencyKey, createdAt?: number): Promise<void> {
  let query = db.deleteFrom("idempotency_keys").where((eb) => eb.and(columnsOf(id)));
  if (createdAt !== undefined) query = query.where("created_at", "=", createdAt);
  await query.execute();
}
