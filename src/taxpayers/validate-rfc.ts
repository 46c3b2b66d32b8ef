import { cfdiName } from "../mexico/cfdi-name.ts";
import type { UpstreamResult } from "../upstreams/result.ts";
import { assembleValidation, type ValidationResult } from "./assemble-validation.ts";
import { type CertificateFindings, gatherCertificates } from "./gather-certificates.ts";
import { lookupIdentity } from "./lookup-identity.ts";
import { readName, readRfc } from "./read-rfc.ts";
import { runSynchronously } from "./run-synchronously.ts";
import { type PostalSearchOutcome, searchPostalCode } from "./search-postal-code.ts";
import {
  fullRefund,
  type OperationOutcome,
  partialRefund,
  type TaxpayerContext,
} from "./taxpayer-context.ts";

export type ValidateInput = { rfc: string; name?: string };

/** POST /v1/rfc/validate: structure → charge → pipeline → refund when the answer is unknown or partial. */
export function validateRfc(
  ctx: TaxpayerContext,
  input: ValidateInput,
): Promise<OperationOutcome<ValidationResult>> {
  return runSynchronously(ctx, "validate", input, { check: (i) => readRfc(i.rfc), run: runValidation });
}

/**
 * The validation pipeline (DESIGN §3.3), no money moved: in parallel {padrón status, certificates,
 * contributor lists, postal-code search} → RENAPO for the CURP found → assemble.
 */
export async function runValidation(
  ctx: TaxpayerContext,
  input: ValidateInput,
  signal?: AbortSignal,
): Promise<OperationOutcome<ValidationResult>> {
  const { rfc, personType } = readRfc(input.rfc);
  const givenName = readName(input.name);
  const { upstreams } = ctx;

  let postal: Promise<PostalSearchOutcome> | null = givenName
    ? searchPostalCode(ctx, { rfc, name: givenName }, signal)
    : null;
  const status = upstreams.padron.checkRfc(rfc, signal);
  const lists = ctx.services.satLists.listedEntries(ctx.auth.mode, rfc);
  const certificates = gatherCertificates(upstreams, rfc, {
    signal,
    // SAT compares the name without its régimen de capital, as an invoice carries it.
    onName: (name) => {
      postal ??= searchPostalCode(ctx, { rfc, name: cfdiName(name) }, signal);
    },
  });
  const identity = certificates.then((found) => {
    const curp = curpToVerify(found, personType);
    return curp ? lookupIdentity(upstreams, curp, signal) : null;
  });

  const [statusAnswer, certificateAnswer, listEntries, identityAnswer] = await Promise.all([
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
    identity: identityAnswer,
  });
  // Unknown status: nothing is charged; some step unavailable: half the price (README, "Unknown and
  // partial answers").
  if (result.valid === null) return { status: 200, body: result, refund: fullRefund(ctx, "validate") };
  if (result.unavailable.length > 0)
    return { status: 200, body: result, refund: partialRefund(ctx, "validate") };
  return { status: 200, body: result };
}

/** Company: the legal representative's CURP; individual: the person's own. */
function curpToVerify(found: UpstreamResult<CertificateFindings>, personType: "M" | "F"): string | null {
  if (found.status !== "ok") return null;
  return personType === "M" ? found.value.holder.legalRepresentativeCurp : found.value.holder.curp;
}
