import { priceOf } from "../credits/prices.ts";
import { ServiceError } from "../platform/errors.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { type Accepted, acceptAsync } from "../requests/accept-async.ts";
import { readName, readRfc } from "../taxpayers/read-rfc.ts";
import type { TaxpayerOperation } from "./taxpayer-operations.ts";

type Input = { rfc: string; name?: string; zip?: string };

/**
 * `webhook_url` given: the request is checked as the synchronous verb would check it (a bad RFC is
 * 422 and not charged), then charged its price and queued; the result goes to the webhook.
 */
export async function acceptTaxpayerRequest(
  ctx: RequestContext,
  request: { operation: TaxpayerOperation; input: Input; webhookUrl: string },
): Promise<Accepted> {
  checkInput(request.operation, request.input);
  return acceptAsync(ctx, {
    operation: request.operation,
    input: request.input,
    webhookUrl: request.webhookUrl,
    credits: priceOf(request.operation, ctx.config, ctx.auth.owner),
  });
}

// The verbs' own input rules, before anything is charged (the verbs check again when they run).
function checkInput(operation: TaxpayerOperation, input: Input): void {
  const { personType } = readRfc(input.rfc);
  const name = readName(input.name);
  const zip = input.zip?.trim() || undefined;
  if (operation === "verify" && (name === undefined) !== (zip === undefined))
    throw new ServiceError("name_zip_pair_required", "Send both name and zip, or neither.", {
      errors: [{ path: name === undefined ? "/name" : "/zip", message: "required together with the other" }],
    });
  if (operation === "find-zip" && name === undefined)
    throw new ServiceError("invalid_request", "name must not be blank.", {
      errors: [{ path: "/name", message: "must not be blank" }],
    });
  if (operation === "commerce-registry" && personType !== "M")
    throw new ServiceError(
      "company_rfc_required",
      "The commerce registry holds companies: send a 12-character RFC.",
      {
        errors: [{ path: "/rfc", message: "an individual's RFC (13 characters)" }],
      },
    );
}
