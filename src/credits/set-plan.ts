import { sql } from "kysely";
import type { Db } from "../platform/db/connect.ts";
import { ServiceError } from "../platform/errors.ts";
import { appendLedgerEntry } from "./append-ledger-entry.ts";
import { monthStartOf, periodOf } from "./renew-allowance.ts";

/**
 * Gives an owner a monthly plan of `monthlyCredits` (0 ends the plan, back to pay as you go). This
 * month's allowance becomes what the new figure leaves after what was already spent from allowance
 * this month, so running it twice changes nothing; the ledger records the change. Caller's transaction.
 */
export async function setPlan(trx: Db, input: { ownerId: string; monthlyCredits: number; now?: number }) {
  const { ownerId, monthlyCredits } = input;
  if (!Number.isSafeInteger(monthlyCredits) || monthlyCredits < 0)
    throw new ServiceError("invalid_request", "the allowance must be a whole number of credits, 0 or more");
  const now = input.now ?? Date.now();
  // Written first: the balance row stays locked, so no charge slips between the read and the update.
  const balance = await trx
    .updateTable("balances")
    .set({ updated_at: now })
    .where("owner_id", "=", ownerId)
    .returning(["allowance"])
    .executeTakeFirst();
  if (!balance) throw new ServiceError("not_found", "no such owner");
  const spent = await trx
    .selectFrom("ledger")
    .select(sql<number>`coalesce(-sum(allowance), 0)`.as("spent"))
    .where("owner_id", "=", ownerId)
    .where("kind", "in", ["charge", "refund"])
    .where("created_at", ">=", monthStartOf(now))
    .executeTakeFirstOrThrow();
  const allowanceLeft = monthlyCredits === 0 ? 0 : Math.max(0, monthlyCredits - Number(spent.spent));
  await trx
    .updateTable("balances")
    .set({ allowance: allowanceLeft, allowance_period: periodOf(now) })
    .where("owner_id", "=", ownerId)
    .execute();
  await trx
    .updateTable("owners")
    .set(
      monthlyCredits === 0
        ? { plan: "payg", plan_monthly_credits: null, plan_expires_at: null }
        : { plan: "pro", plan_monthly_credits: monthlyCredits, plan_expires_at: null },
    )
    .where("id", "=", ownerId)
    .execute();
  const delta = allowanceLeft - Number(balance.allowance);
  if (delta !== 0)
    await appendLedgerEntry(trx, {
      ownerId,
      kind: "allowance",
      credits: 0,
      allowance: delta,
      note: monthlyCredits === 0 ? "plan ended" : `plan of ${monthlyCredits} credits a month`,
      at: now,
    });
  return { monthlyCredits, allowanceLeft };
}
