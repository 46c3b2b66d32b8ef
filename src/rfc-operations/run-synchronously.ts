import type { OperationResult } from "../async-requests/operations.ts";
import { payForRequest, refundRequest } from "../credits/pay-for-request.ts";
import type { RfcContext, RfcOperation } from "./rfc-context.ts";

/**
 * The synchronous path of every /v1/rfc operation: `check` (structure rules, throws 422 before any
 * charge) → charge → `run` → refund what `run` says to give back, or all of it when `run` fails.
 */
export async function runSynchronously<I, C, B>(
  ctx: RfcContext,
  operation: RfcOperation<I, C, B>,
  input: I,
): Promise<OperationResult<B>> {
  const checked = await operation.check(input);
  await payForRequest(ctx, operation.name);
  const outcome = await operation.run(ctx, checked).catch(async (error: unknown) => {
    await refundRequest(ctx, operation.name).catch((refundError: unknown) => {
      throw new AggregateError([error, refundError], "the operation failed, and so did its refund");
    });
    throw error;
  });
  if (operation.freeWhenSynchronous?.(outcome.body)) await refundRequest(ctx, operation.name);
  else if (outcome.refund) await refundRequest(ctx, operation.name, outcome.refund);
  return { status: outcome.status, body: outcome.body };
}
