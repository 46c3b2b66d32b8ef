import { readBalance } from "../credits/read-balance.ts";
import { hasActivePlan, monthlyAllowanceOf } from "../credits/renew-allowance.ts";
import type { Db } from "../platform/db/connect.ts";

export type Standing = Awaited<ReturnType<typeof readStanding>>;

/** What an owner has and has spent: balance, plan and the latest ledger entries. */
export async function readStanding(
  db: Db,
  ownerId: string,
  config: { accounts: { planMonthlyCredits: number } },
  limit = 50,
) {
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
