import { sql } from "kysely";
import type { Db } from "../platform/db/connect.ts";
import { appendLedgerEntry } from "./append-ledger-entry.ts";

/** The UTC month that `at` falls in, as `YYYY-MM`: the period an allowance belongs to. */
export function periodOf(at: number): string {
  return new Date(at).toISOString().slice(0, 7);
}

/** The first instant (epoch ms) of the UTC month that `at` falls in. */
export function monthStartOf(at: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

export interface PlanHolder {
  plan: string;
  planExpiresAt: number | null;
  planMonthlyCredits: number | null;
}

export const hasActivePlan = (owner: Omit<PlanHolder, "planMonthlyCredits">, now = Date.now()): boolean =>
  owner.plan === "pro" && (owner.planExpiresAt === null || owner.planExpiresAt > now);

/** Credits a month an active plan gives: the owner's own figure, else the configured default. */
export const monthlyAllowanceOf = (
  owner: PlanHolder,
  config: { accounts: { planMonthlyCredits: number } },
): number => (hasActivePlan(owner) ? (owner.planMonthlyCredits ?? config.accounts.planMonthlyCredits) : 0);

/**
 * Resets a plan owner's allowance at the start of each month. The period is claimed first with a
 * conditional update, so of two concurrent requests only one renews; the ledger records the change.
 */
export async function renewAllowance(
  trx: Db,
  input: { ownerId: string; monthlyCredits: number; now?: number },
): Promise<void> {
  const now = input.now ?? Date.now();
  const period = periodOf(now);
  const claimed = await trx
    .updateTable("balances")
    .set({ allowance_period: period })
    .where("owner_id", "=", input.ownerId)
    .where("allowance_period", "<>", period)
    .returning(["allowance"])
    .executeTakeFirst();
  if (!claimed) return;
  const delta = input.monthlyCredits - Number(claimed.allowance);
  await trx
    .updateTable("balances")
    .set({ allowance: sql`allowance + ${delta}`, updated_at: now })
    .where("owner_id", "=", input.ownerId)
    .execute();
  await appendLedgerEntry(trx, {
    ownerId: input.ownerId,
    kind: "allowance",
    credits: 0,
    allowance: delta,
    note: `plan allowance ${period}`,
    at: now,
  });
}
