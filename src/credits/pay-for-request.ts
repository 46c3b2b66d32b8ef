import type { RequestContext } from "../request-context.ts";
import { insufficientBalance } from "./charge-credits.ts";
import { type Operation, priceOf } from "./prices.ts";
import { readBalance } from "./read-balance.ts";
import { refundCredits } from "./refund-credits.ts";
import { hasActivePlan, monthlyAllowanceOf, renewAllowance } from "./renew-allowance.ts";

/**
 * Charges the caller for `units` of an operation before any upstream work (group-committed with other
 * requests' charges). Sandbox keys are never charged. The outcome is kept on the context for headers.
 */
export async function payForRequest(ctx: RequestContext, operation: Operation, units = 1): Promise<number> {
  const { owner } = ctx.auth;
  const price = priceOf(operation, ctx.config, owner) * units;
  if (ctx.auth.mode === "test" || price === 0) {
    ctx.billing.remaining = (await readBalance(ctx.db, owner.id)).credits;
    return 0;
  }
  const useAllowance = hasActivePlan(owner);
  if (useAllowance) {
    const monthlyCredits = monthlyAllowanceOf(owner, ctx.config);
    await ctx.db.transaction().execute((trx) => renewAllowance(trx, { ownerId: owner.id, monthlyCredits }));
  }
  const charge = await ctx.services.charges({
    ownerId: owner.id,
    amount: price,
    operation,
    requestId: ctx.requestId,
    useAllowance,
  });
  if (!charge) throw insufficientBalance(price);
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
  const { owner } = ctx.auth;
  const refunded = await ctx.db
    .transaction()
    .execute((trx) => refundCredits(trx, { ownerId: owner.id, requestId: ctx.requestId, operation, amount }));
  ctx.billing.charged -= refunded;
  ctx.billing.remaining = (await readBalance(ctx.db, owner.id)).credits;
  return refunded;
}
