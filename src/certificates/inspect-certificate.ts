import { parseCertificate } from "./parse-certificate.ts";

/** What `padron cert inspect --json` prints (DESIGN §7); absent values are null. */
export function inspectCertificate(input: Uint8Array | string) {
  const certificate = parseCertificate(input);
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

type CertificateInfo = ReturnType<typeof inspectCertificate>;

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
