import { runCommerceRegistry } from "../commerce-registry/search-commerce-registry.ts";
import type { RequestContext } from "../request-context.ts";
import type { OperationRegistry } from "../requests/operations.ts";
import { runFindZip } from "./find-zip.ts";
import type { TaxpayerContext } from "./taxpayer-context.ts";
import { runValidation } from "./validate-rfc.ts";
import { runVerification } from "./verify-rfc.ts";

type Sources = Pick<TaxpayerContext, "postalCodes"> & {
  upstreamsFor(mode: RequestContext["auth"]["mode"]): TaxpayerContext["upstreams"];
};

/**
 * Registers the /v1/rfc operations that accept `webhook_url` with the async runner: the same `run…`
 * functions as the synchronous routes (no money moved; refunds are returned). Call once per process.
 */
export function registerTaxpayerOperations(operations: OperationRegistry, sources: Sources): void {
  const withSources = (ctx: RequestContext): TaxpayerContext => ({
    ...ctx,
    upstreams: sources.upstreamsFor(ctx.auth.mode),
    postalCodes: sources.postalCodes,
  });
  operations.register({
    name: "validate",
    eventType: "rfc.validate.completed",
    run: (ctx, input, tools) => runValidation(withSources(ctx), input, tools.signal),
  });
  operations.register({
    name: "verify",
    eventType: "rfc.verify.completed",
    run: (ctx, input, tools) => runVerification(withSources(ctx), input, tools.signal),
  });
  operations.register({
    name: "find-zip",
    eventType: "rfc.find_zip.completed",
    run: (ctx, input, tools) => runFindZip(withSources(ctx), input, tools.signal),
  });
  operations.register({
    name: "commerce-registry",
    eventType: "rfc.commerce_registry.completed",
    requireHttps: true,
    run: (ctx, input, tools) => runCommerceRegistry(withSources(ctx), input, tools.signal),
  });
}
