import "reflect-metadata"; // @peculiar/x509 uses tsyringe, which needs the Reflect metadata polyfill
import * as x509 from "@peculiar/x509";
import { type SandboxCa, SIGNING_ALGORITHM } from "./certificate-authority.ts";

export type CertificateSpec = {
  /** 20 ASCII digits; becomes the X.509 serial integer's bytes, like SAT's. */
  serial: string;
  type: "FIEL" | "SELLO";
  rfc: string;
  name: string;
  legalRepresentativeRfc?: string;
  /** An individual's own CURP, or the legal representative's CURP for a company. */
  curp?: string;
  email?: string;
  /** OU; written on SELLO certificates only (default `CSD01_<RFC>`, like SAT's test CSD). */
  branch?: string;
  validFrom: Date;
  validTo: Date;
};

export class InvalidCertificateSpecError extends Error {
  override name = "InvalidCertificateSpecError";
}

// Extension values copied byte for byte from SAT's test certificates (research §2.3).
const BASIC_CONSTRAINTS_NOT_CA = "3000";
const KEY_USAGE_SELLO = "030206C0"; // digitalSignature, nonRepudiation
const KEY_USAGE_FIEL = "030203D8"; // + dataEncipherment, keyAgreement
const NETSCAPE_CERT_TYPE_FIEL = "030205A0"; // SSL client, S/MIME
const EXTENDED_KEY_USAGE_FIEL = "301406082B0601050507030406082B06010505070302"; // emailProtection, clientAuth

const OID = {
  commonName: "2.5.4.3",
  name: "2.5.4.41",
  organization: "2.5.4.10",
  organizationalUnit: "2.5.4.11",
  country: "2.5.4.6",
  email: "1.2.840.113549.1.9.1",
  uniqueIdentifier: "2.5.4.45",
  serialNumber: "2.5.4.5",
} as const;

const PRINTABLE = /^[A-Za-z0-9 '()+,\-./:=?]*$/;

/** PrintableString like SAT when the text allows it; UTF8String otherwise (Ñ, &, accents). */
function directoryString(value: string): x509.JsonAttributeObject {
  return PRINTABLE.test(value) ? { printableString: value } : { utf8String: value };
}

function attribute(oid: string, value: x509.JsonAttributeObject): x509.JsonAttributeAndObjectValue {
  return { [oid]: [value] };
}

/** Subject in SAT's attribute order (FIEL: C and emailAddress before the ids; SELLO: OU last). */
function buildSatSubject(spec: CertificateSpec): x509.JsonNameParams {
  const company = [...spec.rfc].length === 12;
  const uniqueIdentifier =
    company && spec.legalRepresentativeRfc ? `${spec.rfc} / ${spec.legalRepresentativeRfc}` : spec.rfc;
  const subject: x509.JsonNameParams = [
    attribute(OID.commonName, directoryString(spec.name)),
    attribute(OID.name, directoryString(spec.name)),
    attribute(OID.organization, directoryString(spec.name)),
  ];
  if (spec.type === "FIEL") {
    subject.push(attribute(OID.country, { printableString: "MX" }));
    if (spec.email) subject.push(attribute(OID.email, { ia5String: spec.email }));
  }
  subject.push(attribute(OID.uniqueIdentifier, directoryString(uniqueIdentifier)));
  if (spec.curp) {
    subject.push(attribute(OID.serialNumber, directoryString(company ? ` / ${spec.curp}` : spec.curp)));
  }
  // Consumers tell a SELLO from a FIEL by the OU alone, so a SELLO always gets one.
  if (spec.type === "SELLO") {
    subject.push(attribute(OID.organizationalUnit, directoryString(spec.branch ?? `CSD01_${spec.rfc}`)));
  }
  return subject;
}

function extensionsFor(type: CertificateSpec["type"]): x509.Extension[] {
  const raw = (oid: string, critical: boolean, hex: string) =>
    new x509.Extension(oid, critical, Buffer.from(hex, "hex"));
  const common = [raw("2.5.29.19", true, BASIC_CONSTRAINTS_NOT_CA)];
  if (type === "SELLO") return [...common, raw("2.5.29.15", false, KEY_USAGE_SELLO)];
  return [
    ...common,
    raw("2.5.29.15", false, KEY_USAGE_FIEL),
    raw("2.16.840.1.113730.1.1", false, NETSCAPE_CERT_TYPE_FIEL),
    raw("2.5.29.37", false, EXTENDED_KEY_USAGE_FIEL),
  ];
}

function pickSubjectKey(ca: SandboxCa, serial: string) {
  let hash = 0;
  for (const char of serial) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return ca.subjectPublicKeys[hash % ca.subjectPublicKeys.length];
}

/** Issues a SAT-style certificate as DER; the same CA and spec always give the same bytes. */
export async function issueSatCertificate(ca: SandboxCa, spec: CertificateSpec): Promise<Uint8Array> {
  if (!/^\d{20}$/.test(spec.serial)) {
    throw new InvalidCertificateSpecError(
      `serial must be 20 ASCII digits, got ${JSON.stringify(spec.serial)}`,
    );
  }
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: Buffer.from(spec.serial, "ascii").toString("hex"),
    subject: new x509.Name(buildSatSubject(spec)),
    issuer: ca.issuer,
    notBefore: spec.validFrom,
    notAfter: spec.validTo,
    publicKey: pickSubjectKey(ca, spec.serial),
    signingKey: ca.signingKey,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: extensionsFor(spec.type),
  });
  return new Uint8Array(certificate.rawData);
}
