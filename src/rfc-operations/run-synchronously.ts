import { payForRequest, refundRequest } from "../credits/pay-for-request.ts";
import type { Operation } from "../credits/prices.ts";
import type { OperationOutcome, TaxpayerContext } from "./taxpayer-context.ts";

/**
 * The synchronous path of an operation: `check` (structure rules, throws 422 before any charge) →
 * charge → `run` → refund what `run` says to give back.
 */
export async function runSynchronously<I, B>(
  ctx: TaxpayerContext,
  operation: Operation,
  input: I,
  steps: { check(input: I): unknown; run(ctx: TaxpayerContext, input: I): Promise<OperationOutcome<B>> },
): Promise<OperationOutcome<B>> {
  steps.check(input);
  await payForRequest(ctx, operation);
  const outcome = await steps.run(ctx, input);
  if (outcome.refund) await refundRequest(ctx, operation, outcome.refund);
  return { status: outcome.status, body: outcome.body };
}
