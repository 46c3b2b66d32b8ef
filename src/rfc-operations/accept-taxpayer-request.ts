import { checkCommerceRegistryInput } from "../commerce-registry/search-commerce-registry.ts";
import { priceOf } from "../credits/prices.ts";
import type { RequestContext } from "../request-context.ts";
import { type Accepted, acceptAsync } from "../requests/accept-async.ts";
import { checkFindZipInput } from "../taxpayers/find-zip.ts";
import { readRfc } from "../taxpayers/read-rfc.ts";
import { checkVerifyInput } from "../taxpayers/verify-rfc.ts";
import type { TaxpayerOperation } from "./register-async-operations.ts";

type Input = { rfc: string; name?: string; zip?: string };

// The synchronous verbs' own input rules (422 before any charge), checked before accepting.
const CHECKS: Record<TaxpayerOperation, (input: Input) => unknown> = {
  validate: (input) => readRfc(input.rfc),
  verify: checkVerifyInput,
  "find-zip": (input) => checkFindZipInput({ rfc: input.rfc, name: input.name ?? "" }),
  profile: (input) => readRfc(input.rfc),
  "commerce-registry": checkCommerceRegistryInput,
};

/**
 * `webhook_url` given: the request is checked as the synchronous call would check it, then charged its
 * price and queued in one transaction; the job runs the same operation and the result goes to the webhook.
 */
export async function acceptTaxpayerRequest(
  ctx: RequestContext,
  request: { operation: TaxpayerOperation; input: Input; webhookUrl: string },
): Promise<Accepted> {
  CHECKS[request.operation](request.input);
  return acceptAsync(ctx, {
    operation: request.operation,
    input: request.input,
    webhookUrl: request.webhookUrl,
    credits: priceOf(request.operation, ctx.config, ctx.auth.owner),
  });
}
