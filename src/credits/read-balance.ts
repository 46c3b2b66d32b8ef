import { sql } from "kysely";
import type { Db } from "../platform/db/connect.ts";
import { reusableQuery } from "../platform/db/reusable-query.ts";
import { periodOf } from "./renew-allowance.ts";

type BalanceRow = { credits: number; allowance: number; allowance_period: string | null };
// Read on every free request for the x-credits-remaining header.
const selectBalance = reusableQuery<BalanceRow, [string]>(
  (ownerId) => sql`select credits, allowance, allowance_period from balances where owner_id = ${ownerId}`,
  1,
);

export interface Balance {
  credits: number;
  allowance: number;
}

/** Prepaid credits and the allowance left this month (an allowance from a past month counts as 0). */
export async function readBalance(db: Db, ownerId: string, now = Date.now()): Promise<Balance> {
  const [row] = await selectBalance(db, ownerId);
  if (!row) return { credits: 0, allowance: 0 };
  return {
    credits: Number(row.credits),
    allowance: row.allowance_period === periodOf(now) ? Number(row.allowance) : 0,
  };
}
