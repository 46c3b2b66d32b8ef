import type { Db } from "../platform/db/connect.ts";
import { ServiceError } from "../platform/errors.ts";
import { appendLedgerEntry, type LedgerEntry } from "./append-ledger-entry.ts";
import { readBalance } from "./read-balance.ts";

export type Taking = { ownerId: string; amount: number; now: number };

/** The update that takes `amount` from one column of the owner's balance, only if it covers it. */
export const takeFromBalance = (db: Db, column: "allowance" | "credits", { ownerId, amount, now }: Taking) =>
  db
    .updateTable("balances")
    .set((eb) => ({ [column]: eb(column, "-", amount), updated_at: now }))
    .where("owner_id", "=", ownerId)
    .where(column, ">=", amount)
    .returning("credits");

export interface Charge {
  charged: number;
  remaining: number;
}

export interface ChargeInput {
  ownerId: string;
  amount: number;
  operation: string;
  requestId: string;
  /** Owners with an active plan pay from their monthly allowance first. */
  useAllowance?: boolean;
}

/** The ledger entry of one charge, paid from the plan allowance or from prepaid credits. */
export const chargeEntry = (input: ChargeInput, fromAllowance: boolean, now: number): LedgerEntry => ({
  ownerId: input.ownerId,
  kind: "charge",
  credits: fromAllowance ? 0 : -input.amount,
  allowance: fromAllowance ? -input.amount : 0,
  operation: input.operation,
  requestId: input.requestId,
  at: now,
});

/**
 * Takes `amount` from the plan allowance when it covers it, else from prepaid credits, with conditional
 * updates that can never go below zero under any concurrency; null when the owner cannot pay.
 * Runs inside the caller's transaction.
 */
export async function tryChargeCredits(trx: Db, input: ChargeInput): Promise<Charge | null> {
  const { ownerId, amount } = input;
  if (amount === 0) return { charged: 0, remaining: (await readBalance(trx, ownerId)).credits };
  const now = Date.now();
  const taking = { ownerId, amount, now };
  const fromAllowance = input.useAllowance
    ? await takeFromBalance(trx, "allowance", taking).executeTakeFirst()
    : undefined;
  const paid = fromAllowance ?? (await takeFromBalance(trx, "credits", taking).executeTakeFirst());
  if (!paid) return null;
  await appendLedgerEntry(trx, chargeEntry(input, fromAllowance !== undefined, now));
  return { charged: amount, remaining: Number(paid.credits) };
}

export const insufficientBalance = (amount: number) =>
  new ServiceError(
    "insufficient_balance",
    `This operation costs ${amount} credits and the balance cannot cover it.`,
  );

/** As tryChargeCredits, but a shortfall is the 402 `insufficient_balance` error. */
export async function chargeCredits(trx: Db, input: ChargeInput): Promise<Charge> {
  const charge = await tryChargeCredits(trx, input);
  if (!charge) throw insufficientBalance(input.amount);
  return charge;
}
