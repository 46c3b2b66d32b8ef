import type { Db } from "../platform/db/connect.ts";
import { periodOf } from "./renew-allowance.ts";

export interface Balance {
  credits: number;
  allowance: number;
}

/** Prepaid credits and the allowance left this month (an allowance from a past month counts as 0). */
export async function readBalance(db: Db, ownerId: string, now = Date.now()): Promise<Balance> {
  const row = await db
    .selectFrom("balances")
    .select(["credits", "allowance", "allowance_period"])
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  if (!row) return { credits: 0, allowance: 0 };
  return {
    credits: Number(row.credits),
    allowance: row.allowance_period === periodOf(now) ? Number(row.allowance) : 0,
  };
}
