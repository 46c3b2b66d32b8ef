import { payForRequest, refundRequest } from "../credits/pay-for-request.ts";
import { ServiceError } from "../platform/errors.ts";
import { gatherCertificates } from "../taxpayers/gather-certificates.ts";
import { MESSAGES } from "../taxpayers/messages.ts";
import { readName, readRfc } from "../taxpayers/read-rfc.ts";
import type { TaxpayerContext, VerbOptions, VerbResult } from "../taxpayers/taxpayer-context.ts";
import type { RegistryRecord } from "../upstreams/commerce-registry/port.ts";
import { matchRegistryRecords } from "./match-registry-records.ts";

export type CommerceRegistryInput = { rfc: string; name?: string };

/** Commerce-registry result (spec §2.8); `name` is omitted when SAT has none for the RFC. */
export type CommerceRegistryResult = {
  rfc: string;
  found: boolean | null;
  name?: string;
  message: string;
  records: RegistryRecord[];
};

/**
 * Searches the commerce registry by the company's name (given, or SAT's from its certificates) and
 * keeps the folios the matching rules accept. All-unsupported answers are refunded unless prepaid.
 */
export async function searchCommerceRegistry(
  ctx: TaxpayerContext,
  input: CommerceRegistryInput,
  options: VerbOptions = {},
): Promise<VerbResult<CommerceRegistryResult>> {
  const { rfc, personType } = readRfc(input.rfc);
  if (personType !== "M")
    throw new ServiceError(
      "company_rfc_required",
      "The commerce registry holds companies: send a 12-character RFC.",
      {
        errors: [{ path: "/rfc", message: "an individual's RFC (13 characters)" }],
      },
    );
  if (!options.prepaid) await payForRequest(ctx, "commerce-registry");
  const unknown = async (message: string, name?: string) => {
    await refundRequest(ctx, "commerce-registry");
    const body: CommerceRegistryResult = { rfc, found: null, message, records: [] };
    if (name) body.name = name;
    return { status: 200, body };
  };

  let name = readName(input.name);
  if (name === undefined) {
    const certificates = await gatherCertificates(ctx.upstreams, rfc);
    if (certificates.status !== "ok") return unknown(MESSAGES.satUnreachable);
    name = certificates.value.holder.name ?? undefined;
    if (name === undefined)
      return { status: 200, body: { rfc, found: false, message: MESSAGES.registryNoName, records: [] } };
  }
  const search = await ctx.upstreams.commerceRegistry.searchByName(name);
  if (search.status !== "ok") return unknown(MESSAGES.registryUnreachable, name);
  const records = matchRegistryRecords(search.value, { rfc, name });
  if (records.length === 0)
    return { status: 200, body: { rfc, found: false, name, message: MESSAGES.registryNoMatch, records } };
  if (records.every((record) => !record.supported)) {
    if (!options.prepaid) await refundRequest(ctx, "commerce-registry");
    return {
      status: 200,
      body: { rfc, found: true, name, message: MESSAGES.registryAllUnsupported, records },
    };
  }
  return {
    status: 200,
    body: { rfc, found: true, name, message: MESSAGES.registryFound(records.length), records },
  };
}
