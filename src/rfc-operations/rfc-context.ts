import type { FastifyRequest } from "fastify";
import type { OperationResult } from "../async-requests/operations.ts";
import type { Operation } from "../credits/prices.ts";
import type { PostalCodeCatalog } from "../postal-codes/postal-code-catalog.ts";
import { contextOf, type RequestContext } from "../request-context.ts";
import type { Upstreams } from "../upstreams/upstreams.ts";
import type { createRfcSources } from "./create-rfc-sources.ts";

/** What the /v1/rfc operations are built with, once per app or worker process. */
export type RfcDeps = ReturnType<typeof createRfcSources>;

/** The request context plus the sources of the key's mode (test keys: the sandbox). */
export type RfcContext = RequestContext & { upstreams: Upstreams; postalCodes: PostalCodeCatalog };

/**
 * One /v1/rfc operation. `check` reads the input once (422 before any charge) into what `run` takes;
 * the synchronous runner and the job behind `webhook_url` run the same `run`, which moves no money.
 */
export type RfcOperation<I, C, B> = {
  name: Operation;
  check(input: I): C | Promise<C>;
  run(ctx: RfcContext, input: C, signal?: AbortSignal): Promise<OperationResult<B>>;
  /** A known answer that a synchronous call does not pay (commerce-registry, spec §8). */
  freeWhenSynchronous?(body: B): boolean;
};

export function rfcContext(
  ctx: RequestContext,
  deps: Pick<RfcDeps, "upstreams" | "postalCodes">,
): RfcContext {
  return { ...ctx, upstreams: deps.upstreams.forMode(ctx.auth.mode), postalCodes: deps.postalCodes };
}

export const rfcContextOf = (request: FastifyRequest, deps: RfcDeps): RfcContext =>
  rfcContext(contextOf(request, deps), deps);

/** All that this request paid (its charge, taken before `run`), to give back when the answer is unknown. */
export function fullRefund(ctx: RequestContext): number {
  return ctx.auth.mode === "test" ? 0 : ctx.billing.charged;
}

/**
 * What a partial answer (some step `unavailable`, the rest known) gives back: all but half of what it
 * paid, rounded down, so it costs half (validate 10 → 5, profile 3 → 1). README, "Unknown and partial answers".
 */
export function partialRefund(ctx: RequestContext): number {
  const paid = fullRefund(ctx);
  return paid - Math.floor(paid / 2);
}
