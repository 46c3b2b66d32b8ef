import { payForRequest, refundRequest } from "../credits/pay-for-request.ts";
import type { Operation } from "../credits/prices.ts";
import { asRequestArrivedAt, nextTurn } from "../platform/take-turns.ts";
import type { OperationOutcome, TaxpayerContext } from "./taxpayer-context.ts";

/**
 * The synchronous path of an operation: `check` (structure rules, throws 422 before any charge) →
 * charge → `run` → refund what `run` says to give back. Its work takes turns with other requests'
 * (platform/take-turns.ts), older requests first.
 */
export function runSynchronously<I, B>(
  ctx: TaxpayerContext,
  operation: Operation,
  input: I,
  steps: { check(input: I): unknown; run(ctx: TaxpayerContext, input: I): Promise<OperationOutcome<B>> },
): Promise<OperationOutcome<B>> {
  return asRequestArrivedAt(Date.now(), async () => {
    steps.check(input);
    await payForRequest(ctx, operation);
    await nextTurn();
    const outcome = await steps.run(ctx, input);
    if (outcome.refund) await refundRequest(ctx, operation, outcome.refund);
    return { status: outcome.status, body: outcome.body };
  });
}
