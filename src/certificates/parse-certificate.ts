import { CertificateParseError } from "./certificate-parse-error.ts";
import { readCertificateBytes } from "./read-certificate-bytes.ts";
import { DerTag, derChildren, derContent, expectTag, readDerNode } from "./read-der.ts";
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
 * Parses a DER or PEM certificate. A small DER walk instead of node:crypto's X509Certificate,
 * because OpenSSL rejects the whole certificate when a UTF8String holds latin-1 bytes, as SAT's do.
 */
export function parseCertificate(input: Uint8Array | string): SatCertificate {
  const der = readCertificateBytes(input);
  const certificate = readDerNode(der, 0);
  if (certificate.tag !== DerTag.sequence || certificate.end !== der.length) {
    throw new CertificateParseError("not a DER certificate: expected one SEQUENCE spanning the input");
  }
  const [tbs] = derChildren(certificate);
  const fields = derChildren(expectTag(tbs, DerTag.sequence, "a TBSCertificate"));
  const body = fields[0]?.tag === 0xa0 ? fields.slice(1) : fields; // skip the explicit [0] version
  const [serialNode, , issuerNode, validityNode, subjectNode] = body;
  if (!subjectNode) throw new CertificateParseError("TBSCertificate is missing fields");
  const [notBefore, notAfter] = derChildren(expectTag(validityNode, DerTag.sequence, "a validity period"));
  const subject = readDistinguishedName(subjectNode);
  // Only `cert inspect` shows the issuer and the whole subject: they are read when asked for.
  let issuer: string | undefined;
  let subjectText: string | undefined;
  return {
    serial: readSerial(derContent(expectTag(serialNode, DerTag.integer, "a serial number"))),
    ...readSatSubject(subject),
    validFromUtc: readTime(notBefore),
    validToUtc: readTime(notAfter),
    get issuer() {
      issuer ??= formatDistinguishedName(readDistinguishedName(issuerNode));
      return issuer;
    },
    get subject() {
      subjectText ??= formatDistinguishedName(subject);
      return subjectText;
    },
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
