import { CertificateParseError } from "./certificate-parse-error.ts";

/** Where one DER element's content lies in `bytes`: its header read, its content left to the caller. */
export type DerElement = { readonly tag: number; readonly start: number; readonly end: number };

export const SEQUENCE = 0x30;

/** Reads the header of the element starting at `offset`; the element must end at or before `limit`. */
export function readDerElement(bytes: Uint8Array, offset: number, limit = bytes.length): DerElement {
  if (offset + 2 > limit) throw new CertificateParseError("truncated DER element");
  const tag = bytes[offset];
  if ((tag & 0x1f) === 0x1f) throw new CertificateParseError("multi-byte DER tags are not supported");
  let length = bytes[offset + 1];
  let start = offset + 2;
  if (length & 0x80) {
    const lengthBytes = length & 0x7f;
    if (lengthBytes === 0 || lengthBytes > 4) throw new CertificateParseError("invalid DER length");
    if (start + lengthBytes > limit) throw new CertificateParseError("truncated DER length");
    length = 0;
    for (let i = 0; i < lengthBytes; i++) length = length * 256 + bytes[start + i];
    start += lengthBytes;
  }
  const end = start + length;
  if (end > limit) throw new CertificateParseError("DER element runs past its container");
  return { tag, start, end };
}
