import { CertificateParseError } from "./certificate-parse-error.ts";
import { type DerElement, readDerElement, SEQUENCE } from "./read-der-element.ts";

const VERSION = 0xa0;
const INTEGER = 0x02;
const BIT_STRING = 0x03;

/**
 * Checks the X.509 envelope (TBSCertificate, algorithm, BIT STRING signature, nothing after) and finds
 * the serial INTEGER's content, each Name's whole DER and where the times lie by element headers alone:
 * the key, extensions and signature are never decoded, since parsing a whole certificate with asn1js
 * allocates ~400 KB (decision 0042).
 */
export function locateCertificateFields(der: Uint8Array) {
  const certificate = readDerElement(der, 0);
  if (certificate.tag !== SEQUENCE || certificate.end !== der.length) {
    throw new CertificateParseError("not a DER certificate: expected one SEQUENCE spanning the input");
  }
  const tbs = expect(der, certificate.start, certificate.end, SEQUENCE, "a TBSCertificate");
  const algorithm = expect(der, tbs.end, certificate.end, SEQUENCE, "a signature algorithm");
  const signature = expect(der, algorithm.end, certificate.end, BIT_STRING, "a BIT STRING signature");
  if (signature.end !== certificate.end) throw new CertificateParseError("bytes after the signature");
  let field = readDerElement(der, tbs.start, tbs.end);
  if (field.tag === VERSION) field = readDerElement(der, field.end, tbs.end);
  if (field.tag !== INTEGER) throw new CertificateParseError("expected a serial number");
  const serial = field;
  const signatureAlgorithm = expect(der, serial.end, tbs.end, SEQUENCE, "an algorithm");
  const issuer = expect(der, signatureAlgorithm.end, tbs.end, SEQUENCE, "an issuer name");
  const validity = expect(der, issuer.end, tbs.end, SEQUENCE, "a validity period");
  const notBefore = readDerElement(der, validity.start, validity.end);
  const notAfter = readDerElement(der, notBefore.end, validity.end);
  const subject = expect(der, validity.end, tbs.end, SEQUENCE, "a subject name");
  return {
    serial: der.subarray(serial.start, serial.end),
    issuer: der.subarray(signatureAlgorithm.end, issuer.end),
    notBefore,
    notAfter,
    subject: der.subarray(validity.end, subject.end),
  };
}

function expect(der: Uint8Array, offset: number, limit: number, tag: number, what: string): DerElement {
  const element = readDerElement(der, offset, limit);
  if (element.tag !== tag) throw new CertificateParseError(`expected ${what}`);
  return element;
}
