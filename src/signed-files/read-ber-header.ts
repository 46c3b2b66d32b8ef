import type { ByteReader } from "./byte-reader.ts";
import { SignedFileError } from "./signed-file-error.ts";

/** One BER element's header; `length` null means indefinite (closed by an end-of-contents marker). */
export type BerHeader = { tag: number; constructed: boolean; length: number | null; bytes: Uint8Array };

export const BerTag = {
  endOfContents: 0x00,
  integer: 0x02,
  octetString: 0x04,
  oid: 0x06,
  sequence: 0x30,
  set: 0x31,
  context0: 0xa0,
  context1: 0xa1,
} as const;

/** Single-byte tags only, which is all SignedData uses; lengths up to 2^48. */
export async function readBerHeader(reader: ByteReader): Promise<BerHeader> {
  const bytes = [await reader.readByte()];
  const tag = bytes[0];
  if ((tag & 0x1f) === 0x1f) throw new SignedFileError("unexpected multi-byte tag in the envelope");
  const first = await reader.readByte();
  bytes.push(first);
  let length: number | null = first;
  if (first === 0x80) length = null;
  else if (first & 0x80) {
    const count = first & 0x7f;
    if (count > 6) throw new SignedFileError("envelope element too long");
    length = 0;
    for (let i = 0; i < count; i++) {
      const byte = await reader.readByte();
      bytes.push(byte);
      length = length * 256 + byte;
    }
  }
  return { tag, constructed: (tag & 0x20) !== 0, length, bytes: Uint8Array.from(bytes) };
}

/** The header of an element that must be there with this tag. */
export async function expectBerHeader(reader: ByteReader, tag: number, what: string): Promise<BerHeader> {
  const header = await readBerHeader(reader);
  if (header.tag !== tag) throw new SignedFileError(`not a PKCS#7 SignedData file: expected ${what}`);
  return header;
}

/** A small definite-length element, header included: what a DER parser takes. */
export async function readWholeElement(
  reader: ByteReader,
  header: BerHeader,
  limit: number,
): Promise<Uint8Array> {
  if (header.length === null || header.length > limit)
    throw new SignedFileError("an envelope element is indefinite or too large to read");
  const content = await reader.readBytes(header.length);
  const whole = new Uint8Array(header.bytes.length + content.length);
  whole.set(header.bytes);
  whole.set(content, header.bytes.length);
  return whole;
}

/** Consumes the end-of-contents marker that closes an indefinite-length element. */
export async function closeIndefinite(reader: ByteReader, header: BerHeader): Promise<void> {
  if (header.length !== null) return;
  const end = await readBerHeader(reader);
  if (end.tag !== BerTag.endOfContents || end.length !== 0)
    throw new SignedFileError("an indefinite-length envelope element is not closed");
}

/** A DER length field. */
export function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
