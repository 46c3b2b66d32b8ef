import { compiledOnce } from "../platform/db/compiled-once.ts";
import type { Db } from "../platform/db/connect.ts";
import { periodOf } from "./renew-allowance.ts";

// Read on every call a sandbox key or a plan's free operation makes: compiled once (decision 0038).
const balanceQuery = compiledOnce((db, a: { ownerId: string }) =>
  db
    .selectFrom("balances")
    .select(["credits", "allowance", "allowance_period"])
    .where("owner_id", "=", a.ownerId),
);

export type Balance = Awaited<ReturnType<typeof readBalance>>;

/**
 * Prepaid credits and the allowance left this month. An allowance from a past month counts as the
 * plan's `monthlyAllowance` (0 without a plan): what the next charge renews it to.
 */
export async function readBalance(db: Db, ownerId: string, now = Date.now(), monthlyAllowance = 0) {
  const [row] = await balanceQuery(db, { ownerId });
  if (!row) return { credits: 0, allowance: 0 };
  return {
    credits: Number(row.credits),
    allowance: row.allowance_period === periodOf(now) ? Number(row.allowance) : monthlyAllowance,
  };
}
