import { createPublicKey, verify } from "node:crypto";
import { CertificateSet, SignerInfos } from "@peculiar/asn1-cms";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import type { Certificate } from "@peculiar/asn1-x509";
import { parseCertificate } from "../certificates/parse-certificate.ts";
import { type DerElement, readDerElement } from "../certificates/read-der-element.ts";
import { derLength } from "./read-ber-header.ts";
import { SignedFileError } from "./signed-file-error.ts";

/** Who signed a part: the signer certificate's subject and serial, as `import --json` reports them. */
export type SignerReport = { subject: string; serial: string; digest: string };

/** Digest algorithms SAT's tools use, by OID, as node:crypto names them. */
export const DIGESTS: Record<string, string> = {
  "1.3.14.3.2.26": "sha1",
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
  "2.16.840.1.101.3.4.2.4": "sha224",
};
const RSA_OR_ECDSA = /^1\.2\.840\.(113549\.1\.1\.(1|5|11|12|13|14)|10045\.4\.(1|3\.[1-4]))$/;
const CONTENT_TYPE = "1.2.840.113549.1.9.3";
const MESSAGE_DIGEST = "1.2.840.113549.1.9.4";

export type SignedParts = {
  /** The DER of `signerInfos` (a SET) and of `certificates` ([0] IMPLICIT SET) as they came. */
  signerInfos: Uint8Array;
  certificates: Uint8Array | null;
  /** The eContentType OID's full DER element. */
  contentType: Uint8Array;
  /** The content's digest under each algorithm SignedData announced, by OID. */
  digests: Map<string, Buffer>;
};

/**
 * Every signer must hold: its signed attributes name the content type and carry the digest computed
 * while streaming, and its signature over those attributes verifies with its certificate's key.
 * The certificate chain is not checked (like `openssl smime -verify -noverify`): the report names it.
 */
export function verifySigners(parts: SignedParts): SignerReport {
  const signers = AsnConvert.parse(parts.signerInfos, SignerInfos);
  if (signers.length === 0) throw new SignedFileError("the part is not signed (no signer)");
  const certificates = parts.certificates ? readCertificates(parts.certificates) : [];
  const rawSigners = childrenOf(parts.signerInfos, readDerElement(parts.signerInfos, 0));
  const reports = signers.map((signer, index) => {
    const digestName = DIGESTS[signer.digestAlgorithm.algorithm];
    const computed = parts.digests.get(signer.digestAlgorithm.algorithm);
    if (!digestName || !computed)
      throw new SignedFileError(`unsupported digest algorithm ${signer.digestAlgorithm.algorithm}`);
    if (!signer.signedAttrs)
      throw new SignedFileError("the signer has no signed attributes: unsupported signature form");
    const attribute = (oid: string) => signer.signedAttrs?.find((a) => a.attrType === oid)?.attrValues[0];
    const contentType = attribute(CONTENT_TYPE);
    if (!contentType || !Buffer.from(contentType).equals(Buffer.from(parts.contentType)))
      throw new SignedFileError("the signed content type is not the content's type");
    const claimed = attribute(MESSAGE_DIGEST);
    if (!claimed || !Buffer.from(AsnConvert.parse(claimed, OctetString).buffer).equals(computed))
      throw new SignedFileError("the content does not match its signed digest (altered or corrupt part)");
    const certificate = certificates.find((c) => isSignerOf(c.parsed, signer.sid));
    if (!certificate) throw new SignedFileError("the signer's certificate is not in the part");
    if (!RSA_OR_ECDSA.test(signer.signatureAlgorithm.algorithm))
      throw new SignedFileError(`unsupported signature algorithm ${signer.signatureAlgorithm.algorithm}`);
    const signedBytes = signedAttributesAsSet(parts.signerInfos, rawSigners[index]);
    const key = createPublicKey({
      key: Buffer.from(AsnConvert.serialize(certificate.parsed.tbsCertificate.subjectPublicKeyInfo)),
      format: "der",
      type: "spki",
    });
    if (!verify(digestName, signedBytes, key, Buffer.from(signer.signature.buffer)))
      throw new SignedFileError("the signature does not verify with the signer's certificate");
    const read = parseCertificate(certificate.der);
    return { subject: read.subject, serial: read.serial, digest: digestName };
  });
  return reports[0];
}

/** The signature covers the attributes as they came, re-tagged from [0] IMPLICIT to a SET. */
function signedAttributesAsSet(bytes: Uint8Array, signerInfo: DerElement | undefined): Buffer {
  const attributes = signerInfo && childrenOf(bytes, signerInfo).find((child) => child.tag === 0xa0);
  if (!attributes) throw new SignedFileError("the signer's signed attributes cannot be read");
  const content = bytes.subarray(attributes.start, attributes.end);
  return Buffer.concat([Buffer.from([0x31]), derLength(content.length), content]);
}

function childrenOf(bytes: Uint8Array, parent: DerElement): DerElement[] {
  const children: DerElement[] = [];
  for (let at = parent.start; at < parent.end; ) {
    const child = readDerElement(bytes, at, parent.end);
    children.push(child);
    at = child.end;
  }
  return children;
}

function readCertificates(implicitSet: Uint8Array) {
  const asSet = Uint8Array.from(implicitSet);
  asSet[0] = 0x31;
  return AsnConvert.parse(asSet, CertificateSet)
    .map((choice) => choice.certificate)
    .filter((certificate): certificate is Certificate => certificate !== undefined)
    .map((parsed) => ({ parsed, der: new Uint8Array(AsnConvert.serialize(parsed)) }));
}

function isSignerOf(certificate: Certificate, sid: SignerInfos[number]["sid"]): boolean {
  const wanted = sid.issuerAndSerialNumber;
  if (!wanted) return false;
  const tbs = certificate.tbsCertificate;
  return (
    Buffer.from(tbs.serialNumber).equals(Buffer.from(wanted.serialNumber)) &&
    Buffer.from(AsnConvert.serialize(tbs.issuer)).equals(Buffer.from(AsnConvert.serialize(wanted.issuer)))
  );
}
