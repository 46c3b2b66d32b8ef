import type { Static } from "typebox";
import type { SatListEntry } from "../contributor-lists/lookup-sat-lists.ts";
import { cfdiName } from "../mexico/cfdi-name.ts";
import type { PersonType } from "../mexico/parse-rfc.ts";
import type { PadronVerdict } from "../upstreams/padron/port.ts";
import type { UpstreamResult } from "../upstreams/result.ts";
import type { CertificateFindings } from "./gather-certificates.ts";
import type { IdentityView } from "./lookup-identity.ts";
import { MESSAGES } from "./messages.ts";
import type { ValidationSchema } from "./rfc-schemas.ts";
import type { PostalSearchOutcome } from "./search-postal-code.ts";

/**
 * A step of the pipeline that could not be answered: its source was unreachable, or a local source
 * (lists, postal codes) has no data. Listed in `unavailable` in this order (README, "Unknown and
 * partial answers").
 */
type UnavailableStep = ValidationResult["unavailable"][number];

/** Validation result (spec §2.1); optional fields are omitted when unknown, never null or "". */
export type ValidationResult = Static<typeof ValidationSchema>;

export type ValidationFindings = {
  rfc: string;
  personType: PersonType;
  givenName: string | undefined;
  status: UpstreamResult<PadronVerdict>;
  certificates: UpstreamResult<CertificateFindings>;
  postal: PostalSearchOutcome | null;
  lists: SatListEntry[] | null;
  /** The lists that are not loaded: entries found elsewhere are true, but the answer is partial. */
  missingLists: string[];
  /** null when there was no CURP to check. */
  identity: UpstreamResult<IdentityView> | null;
};

export function assembleValidation(findings: ValidationFindings): ValidationResult {
  const holder = findings.certificates.status === "ok" ? findings.certificates.value.holder : null;
  const identity = findings.identity?.status === "ok" ? findings.identity.value : null;
  // The name SAT matches is the CFDI one: the certificate's whole name is what was just refused.
  const verdict = judge(findings, holder?.name ? cfdiName(holder.name) : null);
  const nameConfirmed =
    findings.givenName !== undefined &&
    (findings.postal?.status === "found" || findings.postal?.status === "not_in_catalog");
  const name = holder?.name ?? (nameConfirmed ? findings.givenName : undefined);
  // Key order is the spec's; the response schema serializes in its own order anyway.
  const result: ValidationResult = {
    rfc: findings.rfc,
    valid: verdict.valid,
    message: verdict.message,
    sat_lists: findings.lists,
    unavailable: unavailableSteps(findings),
  };
  if (findings.missingLists.length > 0) result.missing_lists = findings.missingLists;
  if (name) result.name = name;
  const invoiceName = nameConfirmed ? findings.givenName : name;
  if (invoiceName) result.cfdi_name = cfdiName(invoiceName);
  if (findings.postal?.status === "found" && verdict.valid) result.zip = findings.postal.zip;
  if (holder?.email) result.email = holder.email;
  if (findings.personType === "F") {
    if (holder?.curp) result.curp = holder.curp;
    if (identity) result.person = identity;
  } else {
    if (holder?.legalRepresentativeRfc) result.legal_representative_rfc = holder.legalRepresentativeRfc;
    if (holder?.legalRepresentativeCurp) result.legal_representative_curp = holder.legalRepresentativeCurp;
    if (identity) result.legal_representative = identity;
  }
  if (findings.certificates.status === "ok") {
    result.certs = findings.certificates.value.certs;
    Object.assign(result, findings.certificates.value.source);
  }
  return result;
}

/** A step that could not start because an earlier one was unavailable is not listed again. */
function unavailableSteps(findings: ValidationFindings): UnavailableStep[] {
  const { status, certificates, identity, postal, lists, missingLists } = findings;
  const steps: UnavailableStep[] = [];
  if (status.status !== "ok" || status.value.outcome === "unrecognized") steps.push("status");
  if (certificates.status !== "ok" || certificates.value.filesUnavailable) steps.push("certs");
  if (identity?.status === "unavailable") steps.push("identity");
  if (postal && ["unavailable", "unrecognized", "not_in_catalog"].includes(postal.status)) steps.push("zip");
  if (lists === null || missingLists.length > 0) steps.push("sat_lists");
  return steps;
}

function judge(findings: ValidationFindings, registeredName: string | null) {
  const { status, postal, givenName } = findings;
  if (status.status !== "ok") return { valid: null, message: MESSAGES.satUnreachable };
  // A legend padron does not know: unknown, in SAT's own words.
  if (status.value.outcome === "unrecognized") return { valid: null, message: status.value.legend };
  if (status.value.outcome !== "valid") return { valid: false, message: status.value.legend };
  if (givenName === undefined || postal === null) return { valid: true, message: status.value.legend };
  switch (postal.status) {
    case "found":
    case "not_in_catalog":
      return { valid: true, message: status.value.legend };
    case "rejected":
      return {
        valid: false,
        message:
          postal.verdict.outcome === "name_mismatch"
            ? MESSAGES.nameMismatch(postal.verdict.legend, registeredName)
            : postal.verdict.legend,
      };
    case "unrecognized":
      return { valid: null, message: postal.verdict.legend };
    case "unavailable":
      return {
        valid: null,
        message: postal.cause === "catalog" ? MESSAGES.catalogUnavailable : MESSAGES.satUnreachable,
      };
  }
}
