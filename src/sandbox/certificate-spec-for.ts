import type { CertificateSpec } from "./formats/issue-certificate.ts";
import type { CertificateRecord, Taxpayer } from "./population/types.ts";

/** What SAT would have put in this taxpayer's certificate subject (research §2.3). */
export function certificateSpecFor(taxpayer: Taxpayer, certificate: CertificateRecord): CertificateSpec {
  const representative = taxpayer.legalRepresentative;
  const curp = taxpayer.certificatesCarryCurp ? (taxpayer.person?.curp ?? representative?.curp) : undefined;
  return {
    serial: certificate.serial,
    type: certificate.type,
    rfc: taxpayer.rfc,
    name: taxpayer.name,
    ...(representative ? { legalRepresentativeRfc: representative.rfc } : {}),
    ...(curp ? { curp } : {}),
    email: taxpayer.email,
    ...(certificate.branch ? { branch: certificate.branch } : {}),
    validFrom: new Date(certificate.validFrom),
    validTo: new Date(certificate.validTo),
  };
}
