import { locateCertificateFields } from "./locate-certificate-fields.ts";
import { readCertificateBytes } from "./read-certificate-bytes.ts";
import {
  firstAttribute,
  formatDistinguishedName,
  type NameAttribute,
  NameOid,
  readDistinguishedName,
} from "./read-distinguished-name.ts";
import { readSerial } from "./read-serial.ts";
import { readTime } from "./read-time.ts";

export type CertificateType = "FIEL" | "SELLO";

/** A SAT certificate read with SAT's subject conventions (research §2.3–2.4). Absent values are null. */
export type SatCertificate = {
  readonly serial: string;
  readonly type: CertificateType;
  readonly rfc: string | null;
  readonly name: string | null;
  readonly email: string | null;
  /** The individual's own CURP; null on company certificates. */
  readonly curp: string | null;
  /** Only on company (12-character RFC) certificates. */
  readonly legalRepresentativeRfc: string | null;
  readonly legalRepresentativeCurp: string | null;
  readonly validFromUtc: string;
  readonly validToUtc: string;
  readonly issuer: string;
  readonly subject: string;
  readonly der: Uint8Array;
};

/**
 * Reads a DER or PEM certificate: its names with @peculiar/asn1-x509 rather than node:crypto's
 * X509Certificate, because OpenSSL rejects the whole certificate when a UTF8String holds latin-1 bytes.
 */
export function parseCertificate(input: Uint8Array | string): SatCertificate {
  const der = readCertificateBytes(input);
  const fields = locateCertificateFields(der);
  const subject = readDistinguishedName(fields.subject);
  return {
    serial: readSerial(fields.serial),
    ...readSatSubject(subject),
    validFromUtc: readTime(der, fields.notBefore),
    validToUtc: readTime(der, fields.notAfter),
    issuer: formatDistinguishedName(readDistinguishedName(fields.issuer)),
    subject: formatDistinguishedName(subject),
    der,
  };
}

type SatSubject = Pick<
  SatCertificate,
  "type" | "rfc" | "name" | "email" | "curp" | "legalRepresentativeRfc" | "legalRepresentativeCurp"
>;

function readSatSubject(subject: readonly NameAttribute[]): SatSubject {
  const [rfc, representativeRfc] = splitSlashPair(firstAttribute(subject, NameOid.x500UniqueIdentifier));
  const [ownCurp, representativeCurp] = splitSlashPair(firstAttribute(subject, NameOid.serialNumber));
  const isCompany = rfc?.length === 12;
  return {
    type: firstAttribute(subject, NameOid.organizationalUnit) ? "SELLO" : "FIEL",
    rfc,
    name:
      firstAttribute(subject, NameOid.name) ??
      firstAttribute(subject, NameOid.commonName) ??
      firstAttribute(subject, NameOid.organization),
    email: firstAttribute(subject, NameOid.emailAddress),
    curp: isCompany ? null : (ownCurp ?? representativeCurp),
    legalRepresentativeRfc: isCompany ? representativeRfc : null,
    legalRepresentativeCurp: isCompany ? (representativeCurp ?? ownCurp) : null,
  };
}

/** `"A / B"` → [A, B]; `" / B"` → [null, B]; `"A"` → [A, null]. */
function splitSlashPair(value: string | null): [string | null, string | null] {
  if (value === null) return [null, null];
  const [first, second] = value.split("/").map((part) => part.trim() || null);
  return [first ?? null, second ?? null];
}
