import { type Operation, priceOf } from "../credits/prices.ts";
import type { PostalCodeCatalog } from "../postal-codes/postal-code-catalog.ts";
import type { RequestContext } from "../request-context.ts";
import type { Upstreams } from "../upstreams/upstreams.ts";

/** What the /v1/rfc verbs need beyond the request context: the sources for the key's mode. */
export type TaxpayerContext = RequestContext & {
  upstreams: Upstreams;
  postalCodes: PostalCodeCatalog;
};

/**
 * What an operation's `run…` answers: the HTTP-like status, the body, and credits to give back
 * (unknown answers). `run…` never moves money, so a job can run it again after a crash.
 */
export type OperationOutcome<B> = { status: number; body: B; refund?: number };

/** The whole price of the operation for this caller, to give back when the answer is unknown. */
export function fullRefund(ctx: RequestContext, operation: Operation): number {
  return ctx.auth.mode === "test" ? 0 : priceOf(operation, ctx.config, ctx.auth.owner);
}

/**
 * What a partial answer (some step `unavailable`, the rest known) gives back: all but half the price,
 * rounded down, so it costs half (validate 10 → 5, profile 3 → 1). README, "Unknown and partial answers".
 */
export function partialRefund(ctx: RequestContext, operation: Operation): number {
  const price = fullRefund(ctx, operation);
  return price - Math.floor(price / 2);
}
