import type { RequestContext } from "../platform/http/context.ts";
import { chargeCredits } from "./charge-credits.ts";
import { type Operation, priceOf } from "./prices.ts";
import { readBalance } from "./read-balance.ts";
import { refundCredits } from "./refund-credits.ts";
import { hasActivePlan, renewAllowance } from "./renew-allowance.ts";

/**
 * Charges the caller for `units` of an operation in one short transaction, before any upstream work.
 * Sandbox keys are never charged. The outcome is kept on the context for the response headers.
 */
export async function payForRequest(ctx: RequestContext, operation: Operation, units = 1): Promise<number> {
  const price = priceOf(operation, ctx.config, ctx.auth.owner) * units;
  if (ctx.auth.mode === "test" || price === 0) {
    ctx.billing.remaining = (await readBalance(ctx.db, ctx.auth.owner.id)).credits;
    return 0;
  }
  const charge = await ctx.db.transaction().execute(async (trx) => {
    if (hasActivePlan(ctx.auth.owner)) {
      await renewAllowance(trx, {
        ownerId: ctx.auth.owner.id,
        monthlyCredits: ctx.config.planMonthlyCredits,
      });
    }
    return chargeCredits(trx, {
      ownerId: ctx.auth.owner.id,
      amount: price,
      operation,
      requestId: ctx.requestId,
    });
  });
  ctx.billing.charged += charge.charged;
  ctx.billing.remaining = charge.remaining;
  return charge.charged;
}

/** Gives back what this request paid (all of it, or `amount`), e.g. when the answer is unknown. */
export async function refundRequest(
  ctx: RequestContext,
  operation: Operation,
  amount?: number,
): Promise<number> {
  if (ctx.auth.mode === "test") return 0;
  const refunded = await ctx.db
    .transaction()
    .execute((trx) =>
      refundCredits(trx, { ownerId: ctx.auth.owner.id, requestId: ctx.requestId, operation, amount }),
    );
  ctx.billing.charged -= refunded;
  ctx.billing.remaining = (await readBalance(ctx.db, ctx.auth.owner.id)).credits;
  return refunded;
}
