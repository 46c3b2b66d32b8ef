import { AsnConvert } from "@peculiar/asn1-schema";
import { Certificate } from "@peculiar/asn1-x509";
import { CertificateParseError } from "./certificate-parse-error.ts";
import type { DerElement } from "./read-der-element.ts";

const COMMA = 0x2c;
const POINT = 0x2e;

/** The certificate as @peculiar/asn1-x509 reads it; padron reads the validity times itself. */
export function readX509Certificate(der: Uint8Array, times: readonly DerElement[]): Certificate {
  try {
    return AsnConvert.parse(withDecimalPoints(der, times), Certificate);
  } catch (error) {
    throw new CertificateParseError(`not an X.509 certificate: ${(error as Error).message}`);
  }
}

/** asn1js throws on a GeneralizedTime fraction written with a comma (legal in BER): it reads points. */
function withDecimalPoints(der: Uint8Array, times: readonly DerElement[]): Uint8Array {
  if (!times.some(({ start, end }) => der.subarray(start, end).includes(COMMA))) return der;
  const copy = der.slice();
  for (const { start, end } of times) {
    const text = copy.subarray(start, end);
    text.set(text.map((byte) => (byte === COMMA ? POINT : byte)));
  }
  return copy;
}
