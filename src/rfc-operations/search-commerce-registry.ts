import type { Static } from "typebox";
import type { OperationResult } from "../async-requests/operations.ts";
import { ServiceError } from "../platform/errors.ts";
import { gatherCertificates } from "./gather-certificates.ts";
import { matchRegistryRecords } from "./match-registry-records.ts";
import { MESSAGES } from "./messages.ts";
import { readName, readRfc } from "./read-rfc.ts";
import type { CommerceRegistrySchema } from "./registry-schemas.ts";
import { fullRefund, type RfcContext, type RfcOperation } from "./rfc-context.ts";

/** A company RFC and, optionally, the name to search the registry by. */
type RegistryQuery = { rfc: string; name?: string };

/** Commerce-registry result (spec §2.8); `name` is omitted when SAT has none for the RFC. */
export type CommerceRegistryResult = Static<typeof CommerceRegistrySchema>;

/**
 * POST /v1/rfc/commerce-registry. A synchronous request whose matches are all unsupported is not
 * charged (spec §8); with webhook_url it is charged whatever it finds.
 */
export const commerceRegistryOperation: RfcOperation<RegistryQuery, RegistryQuery, CommerceRegistryResult> = {
  name: "commerce-registry",
  check: checkRegistryQuery,
  run: runCommerceRegistry,
  freeWhenSynchronous: ({ found, records }) => found === true && records.every((record) => !record.supported),
};

/** A company RFC (12 characters); an individual's is 422 company_rfc_required. */
function checkRegistryQuery(input: RegistryQuery): RegistryQuery {
  const { rfc, personType } = readRfc(input.rfc);
  if (personType !== "M")
    throw new ServiceError(
      "company_rfc_required",
      "The commerce registry holds companies: send a 12-character RFC.",
      {
        errors: [{ path: "/rfc", message: "an individual's RFC (13 characters)" }],
      },
    );
  return { rfc, name: readName(input.name) };
}

/** Searches the registry by the company's name (given, or SAT's from its certificates); no money moved. */
async function runCommerceRegistry(
  ctx: RfcContext,
  { rfc, name: givenName }: RegistryQuery,
  signal?: AbortSignal,
): Promise<OperationResult<CommerceRegistryResult>> {
  const unknown = (message: string, name?: string) => ({
    status: 200,
    body: { rfc, found: null, ...(name ? { name } : {}), message, records: [] },
    refund: fullRefund(ctx),
  });
  let name = givenName;
  if (name === undefined) {
    const certificates = await gatherCertificates(ctx.upstreams, rfc, { signal });
    if (certificates.status !== "ok") return unknown(MESSAGES.satUnreachable);
    name = certificates.value.holder.name ?? undefined;
    // A name missing because a .cer could not be had is unknown, not "SAT has no name".
    if (name === undefined && certificates.value.filesUnavailable) return unknown(MESSAGES.satUnreachable);
    if (name === undefined)
      return { status: 200, body: { rfc, found: false, message: MESSAGES.registryNoName, records: [] } };
  }
  const search = await ctx.upstreams.commerceRegistry.searchByName(name, signal);
  if (search.status !== "ok") return unknown(MESSAGES.registryUnreachable, name);
  const records = matchRegistryRecords(search.value, { rfc, name });
  if (records.length === 0)
    return { status: 200, body: { rfc, found: false, name, message: MESSAGES.registryNoMatch, records } };
  const message = records.every((record) => !record.supported)
    ? MESSAGES.registryAllUnsupported
    : MESSAGES.registryFound(records.length);
  return { status: 200, body: { rfc, found: true, name, message, records } };
}
