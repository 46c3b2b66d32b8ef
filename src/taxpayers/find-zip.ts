import { payForRequest, refundRequest } from "../credits/pay-for-request.ts";
import { ServiceError } from "../platform/errors.ts";
import { MESSAGES } from "./messages.ts";
import { readName, readRfc } from "./read-rfc.ts";
import { searchPostalCode } from "./search-postal-code.ts";
import type { TaxpayerContext, VerbOptions, VerbResult } from "./taxpayer-context.ts";

export type FindZipInput = { rfc: string; name: string };

/** Postal-code result (spec §2.6); `zip` is omitted when it was not recovered. */
export type FindZipResult = { rfc: string; valid: boolean | null; zip?: string; message: string };

/** Recovers the registered postal code of an RFC + name pair from the catalog (no certificate step). */
export async function findZip(
  ctx: TaxpayerContext,
  input: FindZipInput,
  options: VerbOptions = {},
): Promise<VerbResult<FindZipResult>> {
  const { rfc } = readRfc(input.rfc);
  const name = readName(input.name);
  if (name === undefined)
    throw new ServiceError("invalid_request", "name must not be blank.", {
      errors: [{ path: "/name", message: "must not be blank" }],
    });
  if (!options.prepaid) await payForRequest(ctx, "find-zip");
  const outcome = await searchPostalCode(ctx, { rfc, name });
  switch (outcome.status) {
    case "found":
      return { status: 200, body: { rfc, valid: true, zip: outcome.zip, message: outcome.verdict.legend } };
    case "rejected":
      return { status: 200, body: { rfc, valid: false, message: outcome.verdict.legend } };
    case "not_in_catalog":
      return { status: 200, body: { rfc, valid: false, message: MESSAGES.zipNotInCatalog } };
    case "unavailable": {
      await refundRequest(ctx, "find-zip");
      const message = outcome.cause === "catalog" ? MESSAGES.catalogUnavailable : MESSAGES.satUnreachable;
      return { status: 200, body: { rfc, valid: null, message } };
    }
  }
}
