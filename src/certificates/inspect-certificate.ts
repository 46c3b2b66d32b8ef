import { type CertificateType, parseCertificate, type SatCertificate } from "./parse-certificate.ts";

/** What `padron cert inspect --json` prints (DESIGN §7); absent values are null. */
export type CertificateInfo = {
  serial: string;
  type: CertificateType;
  rfc: string | null;
  name: string | null;
  email: string | null;
  curp: string | null;
  legal_representative_rfc: string | null;
  legal_representative_curp: string | null;
  valid_from_utc: string;
  valid_to_utc: string;
  issuer: string;
};

export function inspectCertificate(input: Uint8Array | string): CertificateInfo {
  return toCertificateInfo(parseCertificate(input));
}

export function toCertificateInfo(certificate: SatCertificate): CertificateInfo {
  return {
    serial: certificate.serial,
    type: certificate.type,
    rfc: certificate.rfc,
    name: certificate.name,
    email: certificate.email,
    curp: certificate.curp,
    legal_representative_rfc: certificate.legalRepresentativeRfc,
    legal_representative_curp: certificate.legalRepresentativeCurp,
    valid_from_utc: certificate.validFromUtc,
    valid_to_utc: certificate.validToUtc,
    issuer: certificate.issuer,
  };
}

const LABELS: Record<keyof CertificateInfo, string> = {
  serial: "Serial",
  type: "Type",
  rfc: "RFC",
  name: "Name",
  email: "Email",
  curp: "CURP",
  legal_representative_rfc: "Legal representative RFC",
  legal_representative_curp: "Legal representative CURP",
  valid_from_utc: "Valid from (UTC)",
  valid_to_utc: "Valid to (UTC)",
  issuer: "Issuer",
};

/** Aligned `Label: value` lines for `padron cert inspect FILE` without `--json`; null shows as "-". */
export function formatCertificateForPeople(info: CertificateInfo): string {
  const width = Math.max(...Object.values(LABELS).map((label) => label.length)) + 1;
  const lines = (Object.keys(LABELS) as (keyof CertificateInfo)[]).map(
    (key) => `${`${LABELS[key]}:`.padEnd(width + 1)}${info[key] ?? "-"}`,
  );
  return `${lines.join("\n")}\n`;
}
