import { searchCommerceRegistry } from "../commerce-registry/search-commerce-registry.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { type AsyncOperation, registerOperation } from "../requests/operations.ts";
import { findZip } from "../taxpayers/find-zip.ts";
import { profileTaxpayer } from "../taxpayers/profile-taxpayer.ts";
import type { TaxpayerContext, VerbOptions, VerbResult } from "../taxpayers/taxpayer-context.ts";
import type { TaxpayerDeps } from "../taxpayers/taxpayer-context-of.ts";
import { validateRfc } from "../taxpayers/validate-rfc.ts";
import { verifyRfc } from "../taxpayers/verify-rfc.ts";
import { verifyBatchOperation } from "./verify-batch-operation.ts";

export type TaxpayerOperation = "validate" | "verify" | "find-zip" | "profile" | "commerce-registry";

type Verb = (ctx: TaxpayerContext, input: never, options: VerbOptions) => Promise<VerbResult<unknown>>;

const VERBS: Record<TaxpayerOperation, { eventType: string; verb: Verb; requireHttps?: boolean }> = {
  validate: { eventType: "rfc.validate.completed", verb: validateRfc },
  verify: { eventType: "rfc.verify.completed", verb: verifyRfc },
  "find-zip": { eventType: "rfc.find_zip.completed", verb: findZip },
  profile: { eventType: "rfc.profile.completed", verb: profileTaxpayer },
  "commerce-registry": {
    eventType: "rfc.commerce_registry.completed",
    verb: searchCommerceRegistry,
    requireHttps: true,
  },
};

/**
 * The jobs behind `webhook_url`: each runs the SAME verb as the synchronous route, prepaid (charged at
 * acceptance). A verb's own refund of an unknown answer is capped at the request's charge, so a rerun
 * after a crash never refunds twice.
 */
function taxpayerOperation(name: TaxpayerOperation, deps: TaxpayerDeps): AsyncOperation {
  const { eventType, verb, requireHttps } = VERBS[name];
  const contextFor = (ctx: RequestContext): TaxpayerContext => ({
    ...ctx,
    upstreams: deps.upstreams.forMode(ctx.auth.mode),
    postalCodes: deps.postalCodes,
    lookupSatLists: deps.lookupSatLists,
  });
  return {
    name,
    eventType,
    requireHttps,
    run: async (ctx, input: never) => verb(contextFor(ctx), input, { prepaid: true }),
  };
}

/** Every operation answered by webhook; the API process (acceptance) and workers (running) both call it. */
export function registerAsyncOperations(deps: TaxpayerDeps): void {
  registerOperation(verifyBatchOperation(deps.upstreams));
  for (const name of Object.keys(VERBS) as TaxpayerOperation[])
    registerOperation(taxpayerOperation(name, deps));
}
