import { sql } from "kysely";
import type { Db } from "../platform/db/connect.ts";
import { appendLedgerEntry } from "./append-ledger-entry.ts";

/** Adds prepaid credits (signup grant, operator grant, top-up). Run it inside the caller's transaction. */
export async function grantCredits(
  trx: Db,
  input: { ownerId: string; credits: number; kind: "grant" | "topup"; note?: string; requestId?: string },
): Promise<void> {
  if (!Number.isSafeInteger(input.credits) || input.credits <= 0)
    throw new Error("credits must be a positive integer");
  await trx
    .updateTable("balances")
    .set({ credits: sql`credits + ${input.credits}`, updated_at: Date.now() })
    .where("owner_id", "=", input.ownerId)
    .execute();
  await appendLedgerEntry(trx, input);
}
