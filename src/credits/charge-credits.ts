import { sql } from "kysely";
import type { Db } from "../platform/db/connect.ts";
import { ServiceError } from "../platform/errors.ts";

export interface Charge {
  charged: number;
  remaining: number;
}

/**
 * Takes `amount` from the plan allowance when it covers it, else from prepaid credits, with conditional
 * updates that can never go below zero under any concurrency. Run it inside the caller's transaction.
 */
export async function chargeCredits(
  trx: Db,
  input: { ownerId: string; amount: number; operation: string; requestId: string },
): Promise<Charge> {
  const { ownerId, amount } = input;
  if (amount === 0) return { charged: 0, remaining: await remainingCredits(trx, ownerId) };
  const now = Date.now();
  const fromAllowance = await trx
    .updateTable("balances")
    .set({ allowance: sql`allowance - ${amount}`, updated_at: now })
    .where("owner_id", "=", ownerId)
    .where("allowance", ">=", amount)
    .returning(["credits"])
    .executeTakeFirst();
  const paid =
    fromAllowance ??
    (await trx
      .updateTable("balances")
      .set({ credits: sql`credits - ${amount}`, updated_at: now })
      .where("owner_id", "=", ownerId)
      .where("credits", ">=", amount)
      .returning(["credits"])
      .executeTakeFirst());
  if (!paid)
    throw new ServiceError(
      "insufficient_balance",
      `This operation costs ${amount} credits and the balance cannot cover it.`,
    );
  await trx
    .insertInto("ledger")
    .values({
      owner_id: ownerId,
      kind: "charge",
      credits: fromAllowance ? 0 : -amount,
      allowance: fromAllowance ? -amount : 0,
      operation: input.operation,
      request_id: input.requestId,
      note: null,
      created_at: now,
    })
    .execute();
  return { charged: amount, remaining: Number(paid.credits) };
}

export async function remainingCredits(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom("balances")
    .select("credits")
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  return Number(row?.credits ?? 0);
}
