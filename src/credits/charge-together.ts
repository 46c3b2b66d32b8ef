import type { DatabaseHandle } from "../platform/db/connect.ts";
import type { LedgerTable } from "../platform/db/schema.ts";
import { updateThenInsert } from "../platform/db/update-then-insert.ts";
import { ledgerRow } from "./append-ledger-entry.ts";
import {
  type Charge,
  type ChargeInput,
  chargeEntry,
  type Taking,
  takeFromBalance,
  tryChargeCredits,
} from "./charge-credits.ts";

type LedgerRow = Omit<LedgerTable, "id">;

/** Every column a ledger row is written with. */
export const LEDGER_COLUMNS = [
  "owner_id",
  "kind",
  "credits",
  "allowance",
  "operation",
  "request_id",
  "note",
  "created_at",
] as const satisfies readonly (keyof LedgerRow)[];
const takeAndRecord = (column: "allowance" | "credits") =>
  updateThenInsert((db, a: Taking) => takeFromBalance(db, column, a), "ledger", LEDGER_COLUMNS);
// Built at load: compiled once per engine, not per batch (decision 0038).
const payFrom = { credits: takeAndRecord("credits"), allowance: takeAndRecord("allowance") };

/**
 * Applies many charges. An owner's charges that its balance (or plan allowance) covers all together
 * are one conditional update with their ledger rows, one atomic step; otherwise they are tried one by
 * one, in order, each in its own transaction, so each succeeds or fails exactly as it would alone.
 * A database error fails only the charges it left undone; the others stand, answered as charged.
 */
export async function chargeTogether(
  database: DatabaseHandle,
  inputs: readonly ChargeInput[],
): Promise<PromiseSettledResult<Charge | null>[]> {
  const results: PromiseSettledResult<Charge | null>[] = new Array(inputs.length);
  const groups = Map.groupBy(inputs.keys(), (index) => {
    const { useAllowance, ownerId } = inputs[index];
    return `${useAllowance ? "a" : "c"}:${ownerId}`;
  });
  const oneByOne = (input: ChargeInput) =>
    database.db.transaction().execute((trx) => tryChargeCredits(trx, input));
  for (const indexes of groups.values()) {
    const [together] = await Promise.allSettled([
      chargeGroup(
        database,
        indexes.map((index) => inputs[index]),
      ),
    ]);
    for (const [position, index] of indexes.entries()) {
      if (together.status === "rejected") results[index] = together;
      else if (together.value) results[index] = { status: "fulfilled", value: together.value[position] };
      else [results[index]] = await Promise.allSettled([oneByOne(inputs[index])]);
    }
  }
  return results;
}

/** One owner's charges as one update and their ledger rows, or null when the balance does not cover them all. */
async function chargeGroup(database: DatabaseHandle, group: readonly ChargeInput[]) {
  const total = group.reduce((sum, input) => sum + input.amount, 0);
  if (total === 0) return null;
  const { ownerId, useAllowance } = group[0];
  const now = Date.now();
  const ledger = group.map((input) => ledgerRow(chargeEntry(input, Boolean(useAllowance), now)));
  const paid = await payFrom[useAllowance ? "allowance" : "credits"](
    database,
    { ownerId, amount: total, now },
    ledger,
  );
  if (!paid) return null;
  let remaining = Number(paid.credits) + (useAllowance ? 0 : total);
  return group.map((input): Charge => {
    if (!useAllowance) remaining -= input.amount;
    return { charged: input.amount, remaining };
  });
}
