import { sql } from "kysely";
import type { Db } from "../platform/db/connect.ts";
import { reusableQuery } from "../platform/db/reusable-query.ts";
import { ServiceError } from "../platform/errors.ts";
import { appendLedgerEntry } from "./append-ledger-entry.ts";

export const takeAllowance = reusableQuery<{ credits: number }, [number, number, string]>(
  (amount, now, ownerId) =>
    sql`update balances set allowance = allowance - ${amount}, updated_at = ${now}
        where owner_id = ${ownerId} and allowance >= ${amount} returning credits`,
  3,
);
export const takeCredits = reusableQuery<{ credits: number }, [number, number, string]>(
  (amount, now, ownerId) =>
    sql`update balances set credits = credits - ${amount}, updated_at = ${now}
        where owner_id = ${ownerId} and credits >= ${amount} returning credits`,
  3,
);

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

/**
 * Takes `amount` from the plan allowance when it covers it, else from prepaid credits, with conditional
 * updates that can never go below zero under any concurrency; null when the owner cannot pay.
 * Runs inside the caller's transaction.
 */
export async function tryChargeCredits(trx: Db, input: ChargeInput): Promise<Charge | null> {
  const { ownerId, amount } = input;
  if (amount === 0) return { charged: 0, remaining: await remainingCredits(trx, ownerId) };
  const now = Date.now();
  const fromAllowance = input.useAllowance ? (await takeAllowance(trx, amount, now, ownerId))[0] : undefined;
  const paid = fromAllowance ?? (await takeCredits(trx, amount, now, ownerId))[0];
  if (!paid) return null;
  await appendLedgerEntry(trx, {
    ownerId,
    kind: "charge",
    credits: fromAllowance ? 0 : -amount,
    allowance: fromAllowance ? -amount : 0,
    operation: input.operation,
    requestId: input.requestId,
    at: now,
  });
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

export async function remainingCredits(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom("balances")
    .select("credits")
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  return Number(row?.credits ?? 0);
}
