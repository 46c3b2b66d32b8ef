import { type Balance, readBalance } from "../credits/read-balance.ts";
import { hasActivePlan, monthlyAllowanceOf } from "../credits/renew-allowance.ts";
import type { Db } from "../platform/db/connect.ts";
import type { LedgerTable } from "../platform/db/schema.ts";

export interface LedgerEntry {
  id: number;
  kind: LedgerTable["kind"];
  credits: number;
  allowance: number;
  operation: string | null;
  requestId: string | null;
  note: string | null;
  createdAt: number;
}

export interface Standing {
  balance: Balance;
  plan: { name: "payg" | "pro"; active: boolean; monthlyCredits: number; expiresAt: number | null };
  entries: LedgerEntry[];
}

/** What an owner has and has spent: balance, plan and the latest ledger entries. */
export async function readStanding(
  db: Db,
  ownerId: string,
  config: { accounts: { planMonthlyCredits: number } },
  limit = 50,
): Promise<Standing> {
  const owner = await db
    .selectFrom("owners")
    .select(["plan", "plan_expires_at", "plan_monthly_credits"])
    .where("id", "=", ownerId)
    .executeTakeFirstOrThrow();
  const plan = { plan: owner.plan, planExpiresAt: owner.plan_expires_at };
  const monthlyCredits = monthlyAllowanceOf(
    { ...plan, planMonthlyCredits: owner.plan_monthly_credits },
    config,
  );
  const rows = await db
    .selectFrom("ledger")
    .selectAll()
    .where("owner_id", "=", ownerId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return {
    balance: await readBalance(db, ownerId, Date.now(), monthlyCredits),
    plan: { name: owner.plan, active: hasActivePlan(plan), monthlyCredits, expiresAt: owner.plan_expires_at },
    entries: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      credits: Number(r.credits),
      allowance: Number(r.allowance),
      operation: r.operation,
      requestId: r.request_id,
      note: r.note,
      createdAt: Number(r.created_at),
    })),
  };
}
