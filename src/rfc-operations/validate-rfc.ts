import type { Static } from "typebox";
import type { OperationResult } from "../async-requests/operations.ts";
import { lookupSatLists } from "../contributor-lists/lookup-sat-lists.ts";
import { cfdiName } from "../mexico/cfdi-name.ts";
import type { PersonType } from "../mexico/parse-rfc.ts";
import { listModeOf } from "../registration/data-source.ts";
import { PADRON_LEGENDS } from "../upstreams/padron/padron-exchange.ts";
import type { PadronVerdict } from "../upstreams/padron/port.ts";
import { ok, type UpstreamResult, unavailable } from "../upstreams/result.ts";
import { assembleValidation, type ValidationResult } from "./assemble-validation.ts";
import { type CertificateFindings, gatherCertificates } from "./gather-certificates.ts";
import { lookupIdentity } from "./lookup-identity.ts";
import { MESSAGES } from "./messages.ts";
import { readIdCif } from "./read-id-cif.ts";
import { readName, readRfc } from "./read-rfc.ts";
import { fullRefund, partialRefund, type RfcContext, type RfcOperation } from "./rfc-context.ts";
import type { ValidateBody } from "./rfc-schemas.ts";
import { type PostalSearchOutcome, searchPostalCode } from "./search-postal-code.ts";
import { type CsfVerdict, cfdiNameOfRecord, verifyByCsf } from "./verify-by-csf.ts";

type ValidateQuery = { rfc: string; personType: PersonType; name?: string; idCif?: string };

/** POST /v1/rfc/validate: the pipeline below; refunded when the answer is unknown or partial. */
export const validateOperation: RfcOperation<Static<typeof ValidateBody>, ValidateQuery, ValidationResult> = {
  name: "validate",
  check: (input) => {
    const { rfc, personType } = readRfc(input.rfc);
    const idCif = input.id_cif === undefined ? undefined : readIdCif(input.id_cif);
    return { rfc, personType, name: readName(input.name), idCif };
  },
  run: runValidation,
};

/**
 * The validation pipeline (DESIGN §3.3), no money moved: in parallel {padrón status, certificates,
 * contributor lists, postal-code search} → RENAPO for the CURP found → assemble. With an idCIF, SAT's
 * CSF page answers status, name and postal code instead of the padrón and the catalog.
 */
async function runValidation(
  ctx: RfcContext,
  { rfc, personType, name: givenName, idCif }: ValidateQuery,
  signal?: AbortSignal,
): Promise<OperationResult<ValidationResult>> {
  const { upstreams } = ctx;

  const csf = idCif ? verifyByCsf(upstreams.satCsf, { rfc, idCif, name: givenName }, signal) : null;
  let postal: Promise<PostalSearchOutcome> | null =
    givenName && !csf ? searchPostalCode(ctx, { rfc, name: givenName }, signal) : null;
  const status = csf ? csf.then((verdict) => statusOf(rfc, verdict)) : upstreams.padron.checkRfc(rfc, signal);
  const lists = lookupSatLists(ctx.db, listModeOf(ctx.auth.mode), rfc);
  const certificates = gatherCertificates(upstreams, rfc, {
    signal,
    // SAT compares the name without its régimen de capital, as an invoice carries it.
    onName: (name) => {
      if (!csf) postal ??= searchPostalCode(ctx, { rfc, name: cfdiName(name) }, signal);
    },
  });
  const identity = certificates.then((found) => {
    const curp = curpToVerify(found, personType);
    return curp ? lookupIdentity(upstreams, curp, signal) : null;
  });

  const [statusAnswer, certificateAnswer, listAnswer, identityAnswer] = await Promise.all([
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
    lists: listAnswer.sat_lists,
    missingLists: listAnswer.missing_lists,
    identity: identityAnswer,
  });
  if (csf) fromCsfPage(result, await csf);
  // Unknown status: nothing is charged; some step unavailable: half the price (README, "Unknown and
  // partial answers").
  if (result.valid === null) return { status: 200, body: result, refund: fullRefund(ctx) };
  if (result.unavailable.length > 0) return { status: 200, body: result, refund: partialRefund(ctx) };
  return { status: 200, body: result };
}

/** The CSF page's verdict in the padrón's terms; a name mismatch names the registered name. */
function statusOf(rfc: string, verdict: CsfVerdict): UpstreamResult<PadronVerdict> {
  if (verdict.valid === null) return unavailable("network_error", verdict.message);
  const { record, message } = verdict;
  const legend =
    record && message === PADRON_LEGENDS.nameMismatch
      ? MESSAGES.nameMismatch(message, cfdiNameOfRecord(record))
      : message;
  // The page's refusals are definite (cancelled, unknown pair, mismatch): a rejection, not an unknown legend.
  return ok({ rfc, name: "", zip: "", outcome: verdict.valid ? "valid" : "not_registered", legend });
}

/** SAT's own name and registered postal code from the page, and where the answer came from. */
function fromCsfPage(result: ValidationResult, verdict: CsfVerdict): void {
  result.source = verdict.source;
  delete result.data_as_of;
  if (!verdict.record) return;
  result.name = verdict.record.name;
  result.cfdi_name = cfdiNameOfRecord(verdict.record);
  if (result.valid) result.zip = verdict.record.zip;
}

/** Company: the legal representative's CURP; individual: the person's own. */
function curpToVerify(found: UpstreamResult<CertificateFindings>, personType: PersonType): string | null {
  if (found.status !== "ok") return null;
  return personType === "M" ? found.value.holder.legalRepresentativeCurp : found.value.holder.curp;
}
