import { CertificateParseError } from "./certificate-parse-error.ts";
import { type DerElement, readDerElement, SEQUENCE } from "./read-der-element.ts";

const VERSION = 0xa0;

/**
 * notBefore and notAfter as written, found by element headers alone: asn1js misreads UTCTime offsets and
 * missing seconds and throws on a comma fraction, so padron reads the time text itself (decision 0015).
 */
export function findValidityTimes(der: Uint8Array): [DerElement, DerElement] {
  const certificate = readDerElement(der, 0);
  if (certificate.tag !== SEQUENCE || certificate.end !== der.length) {
    throw new CertificateParseError("not a DER certificate: expected one SEQUENCE spanning the input");
  }
  const tbs = readDerElement(der, certificate.start, certificate.end);
  let field = readDerElement(der, tbs.start, tbs.end);
  if (field.tag === VERSION) field = readDerElement(der, field.end, tbs.end);
  // serial number → signature → issuer → validity
  for (let step = 0; step < 3; step++) field = readDerElement(der, field.end, tbs.end);
  if (field.tag !== SEQUENCE) throw new CertificateParseError("expected a validity period");
  const notBefore = readDerElement(der, field.start, field.end);
  return [notBefore, readDerElement(der, notBefore.end, field.end)];
}
