import { sql } from "kysely";
import type { Db } from "../platform/db/connect.ts";
import { ServiceError } from "../platform/errors.ts";
import { appendLedgerEntry } from "./append-ledger-entry.ts";

// Far above any real balance (USD 10 billion), far below 2^53: every balance stays an exact
// JavaScript number on both engines (SQLite cannot even hand a larger one back).
export const MAX_BALANCE_CREDITS = 1_000_000_000_000;

/** Adds `credits` to an owner's prepaid balance, only while it stays within MAX_BALANCE_CREDITS. */
export async function addToBalance(trx: Db, input: { ownerId: string; credits: number; now: number }) {
  const { ownerId, credits, now } = input;
  const added = await trx
    .updateTable("balances")
    .set({ credits: sql`credits + ${credits}`, updated_at: now })
    .where("owner_id", "=", ownerId)
    .where(sql`credits + ${credits}`, "<=", MAX_BALANCE_CREDITS)
    .executeTakeFirst();
  if (Number(added.numUpdatedRows) !== 1)
    throw new ServiceError(
      "invalid_request",
      `a balance holds at most ${MAX_BALANCE_CREDITS.toLocaleString("en")} credits: ` +
        `adding ${credits.toLocaleString("en")} would pass it`,
      { errors: [{ path: "/credits", message: "past the balance cap" }] },
    );
}

/** Adds prepaid credits (signup grant, operator grant, top-up). Run it inside the caller's transaction. */
export async function grantCredits(
  trx: Db,
  input: { ownerId: string; credits: number; kind: "grant" | "topup"; note?: string; requestId?: string },
): Promise<void> {
  if (!Number.isSafeInteger(input.credits) || input.credits <= 0)
    throw new Error("credits must be a positive integer");
  await addToBalance(trx, { ownerId: input.ownerId, credits: input.credits, now: Date.now() });
  await appendLedgerEntry(trx, input);
}
