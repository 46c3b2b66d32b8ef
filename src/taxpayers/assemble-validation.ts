import type { SatListEntry } from "../contributor-lists/lookup-sat-lists.ts";
import type { PersonType } from "../mexico/parse-rfc.ts";
import type { PadronVerdict } from "../upstreams/padron/port.ts";
import type { UpstreamResult } from "../upstreams/result.ts";
import type { CertificateFindings, CertificateView } from "./gather-certificates.ts";
import type { IdentityView } from "./lookup-identity.ts";
import { MESSAGES } from "./messages.ts";
import type { PostalSearchOutcome } from "./search-postal-code.ts";

export type SatListView = SatListEntry;

/** Validation result (spec §2.1); optional fields are omitted when unknown, never null or "". */
export type ValidationResult = {
  rfc: string;
  valid: boolean | null;
  message: string;
  name?: string;
  zip?: string;
  sat_lists: SatListView[];
  email?: string;
  curp?: string;
  legal_representative_rfc?: string;
  legal_representative_curp?: string;
  legal_representative?: IdentityView;
  person?: IdentityView;
  /** Omitted when the certificate search could not be reached (unknown is not "none"). */
  certs?: CertificateView[];
};

export type ValidationFindings = {
  rfc: string;
  personType: PersonType;
  givenName: string | undefined;
  status: UpstreamResult<PadronVerdict>;
  certificates: UpstreamResult<CertificateFindings>;
  postal: PostalSearchOutcome | null;
  lists: SatListEntry[];
  identity: IdentityView | null;
};

export function assembleValidation(findings: ValidationFindings): ValidationResult {
  const holder = findings.certificates.status === "ok" ? findings.certificates.value.holder : null;
  const verdict = judge(findings, holder?.name ?? null);
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
  };
  if (name) result.name = name;
  if (findings.postal?.status === "found" && verdict.valid) result.zip = findings.postal.zip;
  if (holder?.email) result.email = holder.email;
  if (findings.personType === "F") {
    if (holder?.curp) result.curp = holder.curp;
    if (findings.identity && findings.identity.status_curp !== undefined) result.person = findings.identity;
  } else {
    if (holder?.legalRepresentativeRfc) result.legal_representative_rfc = holder.legalRepresentativeRfc;
    if (holder?.legalRepresentativeCurp) result.legal_representative_curp = holder.legalRepresentativeCurp;
    if (findings.identity) result.legal_representative = findings.identity;
  }
  if (findings.certificates.status === "ok") result.certs = findings.certificates.value.certs;
  return result;
}

function judge(findings: ValidationFindings, registeredName: string | null) {
  const { status, postal, givenName } = findings;
  if (status.status !== "ok") return { valid: null, message: MESSAGES.satUnreachable };
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
    case "unavailable":
      return {
        valid: null,
        message: postal.cause === "catalog" ? MESSAGES.catalogUnavailable : MESSAGES.satUnreachable,
      };
  }
}
