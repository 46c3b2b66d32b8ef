import type { Db } from "../platform/db/connect.ts";
import type { LedgerTable } from "../platform/db/schema.ts";
import { type Charge, type ChargeInput, takeFromBalance, tryChargeCredits } from "./charge-credits.ts";

type LedgerRow = Omit<LedgerTable, "id">;

/**
 * Applies many charges inside the caller's transaction. An owner's charges that its balance (or plan
 * allowance) covers all together are one conditional update and one ledger insert; otherwise they
 * are tried one by one, in order, so each succeeds or fails exactly as it would alone.
 */
export async function chargeTogether(trx: Db, inputs: readonly ChargeInput[]): Promise<(Charge | null)[]> {
  const results: (Charge | null)[] = new Array(inputs.length).fill(null);
  const groups = new Map<string, number[]>();
  for (const [index, input] of inputs.entries()) {
    const key = `${input.useAllowance ? "a" : "c"}:${input.ownerId}`;
    const group = groups.get(key);
    if (group) group.push(index);
    else groups.set(key, [index]);
  }
  const ledger: LedgerRow[] = [];
  for (const indexes of groups.values()) {
    const group = indexes.map((index) => inputs[index]);
    const charged = group.length > 1 ? await chargeGroup(trx, group, ledger) : null;
    for (const [position, index] of indexes.entries()) {
      results[index] = charged ? charged[position] : await tryChargeCredits(trx, inputs[index]);
    }
  }
  if (ledger.length > 0) await trx.insertInto("ledger").values(ledger).execute();
  return results;
}

/** One owner's charges as one update, or null when the balance does not cover them all. */
async function chargeGroup(trx: Db, group: readonly ChargeInput[], ledger: LedgerRow[]) {
  const total = group.reduce((sum, input) => sum + input.amount, 0);
  if (total === 0) return null;
  const { ownerId, useAllowance } = group[0];
  const now = Date.now();
  const paid = await takeFromBalance(trx, useAllowance ? "allowance" : "credits", {
    ownerId,
    amount: total,
    now,
  });
  if (!paid) return null;
  let remaining = Number(paid.credits) + (useAllowance ? 0 : total);
  return group.map((input): Charge => {
    if (!useAllowance) remaining -= input.amount;
    const credits = useAllowance ? 0 : -input.amount;
    const allowance = useAllowance ? -input.amount : 0;
    ledger.push({
      owner_id: ownerId,
      kind: "charge",
      credits,
      allowance,
      operation: input.operation,
      request_id: input.requestId,
      note: null,
      created_at: now,
    });
    return { charged: input.amount, remaining };
  });
}
