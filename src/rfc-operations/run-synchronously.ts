import type { OperationResult } from "../async-requests/operations.ts";
import { payForRequest, refundRequest } from "../credits/pay-for-request.ts";
import type { RfcContext, RfcOperation } from "./rfc-context.ts";

/**
 * The synchronous path of every /v1/rfc operation: `check` (structure rules, throws 422 before any
 * charge) → charge → `run` → refund what `run` says to give back, or all of it when `run` fails or
 * the stopping process abandons it (then the client gets the abandon reason, a 503).
 */
export async function runSynchronously<I, C, B>(
  ctx: RfcContext,
  operation: RfcOperation<I, C, B>,
  input: I,
): Promise<OperationResult<B>> {
  const checked = await operation.check(input);
  await payForRequest(ctx, operation.name);
  // A signal of its own (dropped with the request) follows the app's: none of its listeners outlive it.
  const signal = AbortSignal.any([ctx.services.abandon.signal]);
  const outcome = await operation
    .run(ctx, checked, signal)
    .then((result) => {
      signal.throwIfAborted();
      return result;
    })
    .catch(async (error: unknown) => {
      await refundRequest(ctx, operation.name).catch((refundError: unknown) => {
        throw new AggregateError([error, refundError], "the operation failed, and so did its refund");
      });
      throw signal.aborted ? signal.reason : error;
    });
  if (operation.freeWhenSynchronous?.(outcome.body)) await refundRequest(ctx, operation.name);
  else if (outcome.refund) await refundRequest(ctx, operation.name, outcome.refund);
  return { status: outcome.status, body: outcome.body };
}
