import type { RequestContext } from "../request-context.ts";
import { runProfile } from "../taxpayers/profile-taxpayer.ts";
import { registerTaxpayerOperations } from "../taxpayers/register-async-operations.ts";
import type { TaxpayerContext } from "../taxpayers/taxpayer-context.ts";
import type { TaxpayerDeps } from "../taxpayers/taxpayer-context-of.ts";
import { verifyBatchOperation } from "./verify-batch-operation.ts";

/** The /v1/rfc operations that accept `webhook_url` (verify-batch requires it). */
export type TaxpayerOperation = "validate" | "verify" | "find-zip" | "profile" | "commerce-registry";

/**
 * Every operation answered by webhook, bound to this process's sources. The API process (acceptance)
 * and every worker process (running) call it once, each into its own registry (`services.operations`).
 */
export function registerAsyncOperations(deps: TaxpayerDeps): void {
  const sources = {
    upstreamsFor: (mode: RequestContext["auth"]["mode"]) => deps.upstreams.forMode(mode),
    postalCodes: deps.postalCodes,
  };
  const { operations } = deps.services;
  registerTaxpayerOperations(operations, sources);
  // registerTaxpayerOperations leaves profile out; it takes webhook_url like the others (issue 6).
  const withSources = (ctx: RequestContext): TaxpayerContext => ({
    ...ctx,
    upstreams: sources.upstreamsFor(ctx.auth.mode),
    postalCodes: sources.postalCodes,
  });
  operations.register({
    name: "profile",
    eventType: "rfc.profile.completed",
    run: (ctx, input: { rfc: string }, tools) => runProfile(withSources(ctx), input, tools.signal),
  });
  operations.register(verifyBatchOperation(deps.upstreams));
}
