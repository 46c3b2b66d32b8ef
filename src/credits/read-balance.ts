import { sql } from "kysely";
import { batchPerTurn } from "../platform/batch-per-turn.ts";
import type { Db } from "../platform/db/connect.ts";
import { reusableQuery } from "../platform/db/reusable-query.ts";
import { periodOf } from "./renew-allowance.ts";

type BalanceRow = { credits: number; allowance: number; allowance_period: string | null };
const selectBalance = reusableQuery<BalanceRow, [string]>(
  (ownerId) => sql`select credits, allowance, allowance_period from balances where owner_id = ${ownerId}`,
  1,
);

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
  const [row] = await selectBalance(db, ownerId);
  return balanceOf(row, now, monthlyAllowance);
}

/** A balance for a request's credit headers, read outside any transaction. */
export type BalanceReader = (ownerId: string) => Promise<Balance>;

/**
 * The balances asked during one turn of the event loop are read with one statement (free requests
 * would otherwise make one each). One per app, built with its database.
 */
export function createBalanceReader(db: Db): BalanceReader {
  return batchPerTurn(async (ownerIds: string[]) => {
    const rows = await db
      .selectFrom("balances")
      .select(["owner_id", "credits", "allowance", "allowance_period"])
      .where("owner_id", "in", [...new Set(ownerIds)])
      .execute();
    const now = Date.now();
    const byOwner = new Map(rows.map((row) => [row.owner_id, balanceOf(row, now)]));
    return ownerIds.map((ownerId) => byOwner.get(ownerId) ?? balanceOf(undefined, now));
  }, 500);
}

function balanceOf(row: BalanceRow | undefined, now: number, monthlyAllowance = 0): Balance {
  if (!row) return { credits: 0, allowance: 0 };
  return {
    credits: Number(row.credits),
    allowance: row.allowance_period === periodOf(now) ? Number(row.allowance) : monthlyAllowance,
  };
}
