import { sql } from "kysely";
import type { Db } from "../platform/db/connect.ts";
import { refundCredits } from "./refund-credits.ts";

/**
 * Gives back all that a request still has charged when its client got no answer (its process died or
 * stopped first): the client's retry runs and pays afresh, so this one costs nothing. Safe to repeat.
 * Runs inside the caller's transaction.
 */
export async function refundUnansweredRequest(
  trx: Db,
  input: { ownerId: string; requestId: string },
): Promise<number> {
  const charge = await trx
    .selectFrom("ledger")
    .select("operation")
    .where("owner_id", "=", input.ownerId)
    .where("request_id", "=", input.requestId)
    .where("kind", "=", "charge")
    // The condition of the partial index on request_id: sat-lists charges are final.
    .where("operation", "<>", sql.lit("sat-lists"))
    .executeTakeFirst();
  if (!charge?.operation) return 0;
  return refundCredits(trx, { ...input, operation: charge.operation });
}
