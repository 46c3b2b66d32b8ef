import { sql } from "kysely";
import type { Db } from "../platform/db/connect.ts";

/**
 * What a request has paid so far, credits and allowance together (its charges less its refunds):
 * refunds are shares of this, never of today's price, which may have changed since it paid.
 */
export async function readRequestCharge(db: Db, input: { ownerId: string; requestId: string }) {
  const net = await db
    .selectFrom("ledger")
    .select(sql<number>`coalesce(sum(credits + allowance), 0)`.as("paid"))
    .where("owner_id", "=", input.ownerId)
    .where("request_id", "=", input.requestId)
    .where("kind", "in", ["charge", "refund"])
    // The condition of the partial index on request_id: sat-lists charges are final.
    .where("operation", "<>", sql.lit("sat-lists"))
    .executeTakeFirstOrThrow();
  return Math.max(0, -Number(net.paid));
}
