import { payForRequest, refundRequest } from "../credits/pay-for-request.ts";
import type { UpstreamResult } from "../upstreams/result.ts";
import { assembleValidation, type ValidationResult } from "./assemble-validation.ts";
import { type CertificateFindings, gatherCertificates } from "./gather-certificates.ts";
import { lookupIdentity } from "./lookup-identity.ts";
import { readName, readRfc } from "./read-rfc.ts";
import { type PostalSearchOutcome, searchPostalCode } from "./search-postal-code.ts";
import type { TaxpayerContext, VerbOptions, VerbResult } from "./taxpayer-context.ts";

export type ValidateInput = { rfc: string; name?: string };

/**
 * Full validation (DESIGN §3.3): structure → charge → in parallel {padrón status, certificates,
 * contributor lists, postal-code search} → RENAPO for the CURP found → assemble. Unknown → refund.
 */
export async function validateRfc(
  ctx: TaxpayerContext,
  input: ValidateInput,
  options: VerbOptions = {},
): Promise<VerbResult<ValidationResult>> {
  const { rfc, personType } = readRfc(input.rfc);
  const givenName = readName(input.name);
  if (!options.prepaid) await payForRequest(ctx, "validate");
  const { upstreams } = ctx;

  let postal: Promise<PostalSearchOutcome> | null = givenName
    ? searchPostalCode(ctx, { rfc, name: givenName })
    : null;
  const status = upstreams.padron.checkRfc(rfc);
  const lists = ctx.lookupSatLists(ctx.db, ctx.auth.mode, rfc);
  const certificates = gatherCertificates(upstreams, rfc, {
    onName: (name) => {
      postal ??= searchPostalCode(ctx, { rfc, name });
    },
  });
  const identity = certificates.then((found) => {
    const curp = curpToVerify(found, personType);
    return curp ? lookupIdentity(upstreams, curp) : null;
  });

  const [statusAnswer, certificateAnswer, listEntries, identityView] = await Promise.all([
    status,
    certificates,
    lists,
    identity,
  ]);
  const result = assembleValidation({
    rfc,
    personType,
    givenName,
    status: statusAnswer,
    certificates: certificateAnswer,
    postal: postal ? await postal : null,
    lists: listEntries,
    identity: identityView,
  });
  if (result.valid === null) await refundRequest(ctx, "validate");
  return { status: 200, body: result };
}

/** Company: the legal representative's CURP; individual: the person's own. */
function curpToVerify(found: UpstreamResult<CertificateFindings>, personType: "M" | "F"): string | null {
  if (found.status !== "ok") return null;
  return personType === "M" ? found.value.holder.legalRepresentativeCurp : found.value.holder.curp;
}
