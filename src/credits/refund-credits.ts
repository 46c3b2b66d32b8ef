import { sql } from "kysely";
import type { Db } from "../platform/db/connect.ts";
import { appendLedgerEntry } from "./append-ledger-entry.ts";
import { periodOf } from "./renew-allowance.ts";

/**
 * Gives back up to `amount` (default: everything still charged) of what a request was charged, to the
 * source it came from. Never refunds more than the request's net charge, so repeating it is harmless.
 * A plan's allowance is given back only within the month it was taken from.
 */
export async function refundCredits(
  trx: Db,
  input: { ownerId: string; requestId: string; operation: string; amount?: number },
): Promise<number> {
  // Two refunds of one request (its own, and a retry's takeover) take turns: each reads the net only
  // once it holds the owner's balance row, so the second sees the first's refund.
  await trx
    .updateTable("balances")
    .set({ updated_at: sql`updated_at` })
    .where("owner_id", "=", input.ownerId)
    .execute();
  const net = await trx
    .selectFrom("ledger")
    .select((eb) => [
      sql<number>`coalesce(sum(credits), 0)`.as("credits"),
      sql<number>`coalesce(sum(allowance), 0)`.as("allowance"),
      sql<number | null>`min(case when kind = 'charge' then created_at end)`.as("charged_at"),
      eb.selectFrom("balances").select("allowance_period").where("owner_id", "=", input.ownerId).as("period"),
    ])
    .where("owner_id", "=", input.ownerId)
    .where("request_id", "=", input.requestId)
    .where("kind", "in", ["charge", "refund"])
    // The condition of the partial index on request_id: sat-lists charges are final.
    .where("operation", "<>", sql.lit("sat-lists"))
    .executeTakeFirstOrThrow();
  const owedCredits = -Number(net.credits);
  // An allowance lapses with its month: what last month's paid is not given to this month's.
  const samePeriod = net.charged_at !== null && periodOf(Number(net.charged_at)) === net.period;
  const owedAllowance = samePeriod ? -Number(net.allowance) : 0;
  let left = Math.min(input.amount ?? owedCredits + owedAllowance, owedCredits + owedAllowance);
  if (left <= 0) return 0;
  const toCredits = Math.min(left, owedCredits);
  left -= toCredits;
  const toAllowance = Math.min(left, owedAllowance);
  await trx
    .updateTable("balances")
    .set({
      credits: sql`credits + ${toCredits}`,
      allowance: sql`allowance + ${toAllowance}`,
      updated_at: Date.now(),
    })
    .where("owner_id", "=", input.ownerId)
    .execute();
  await appendLedgerEntry(trx, {
    ownerId: input.ownerId,
    kind: "refund",
    credits: toCredits,
    allowance: toAllowance,
    operation: input.operation,
    requestId: input.requestId,
  });
  return toCredits + toAllowance;
}
