import type { Db } from "../platform/db/connect.ts";
import { periodOf } from "./renew-allowance.ts";

type BalanceRow = { credits: number; allowance: number; allowance_period: string | null };

export interface Balance {
  credits: number;
  allowance: number;
}

/**
 * Prepaid credits and the allowance left this month. An allowance from a past month counts as the
 * plan's `monthlyAllowance` (0 without a plan): what the next charge renews it to.
 */
export async function readBalance(
  db: Db,
  ownerId: string,
  now = Date.now(),
  monthlyAllowance = 0,
): Promise<Balance> {
  const row = await db
    .selectFrom("balances")
    .select(["credits", "allowance", "allowance_period"])
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  return balanceOf(row, now, monthlyAllowance);
}

function balanceOf(row: BalanceRow | undefined, now: number, monthlyAllowance: number): Balance {
  if (!row) return { credits: 0, allowance: 0 };
  return {
    credits: Number(row.credits),
    allowance: row.allowance_period === periodOf(now) ? Number(row.allowance) : monthlyAllowance,
  };
}
