import { isUtf8 } from "node:buffer";
import { CertificateParseError } from "./certificate-parse-error.ts";
import { type DerNode, derContent } from "./read-der.ts";

const utf16be = new TextDecoder("utf-16be");

const UTF8_STRING = 0x0c;
const BMP_STRING = 0x1e;
const UNIVERSAL_STRING = 0x1c;
const ONE_BYTE_STRINGS = new Set([0x12, 0x13, 0x14, 0x15, 0x16, 0x19, 0x1a, 0x1b]);

/**
 * Text of a DirectoryString-like value. SAT writes latin-1 bytes into UTF8String,
 * PrintableString and TeletexString alike, so any byte string that is not valid UTF-8 is read as latin-1.
 */
export function decodeDirectoryString(node: DerNode): string {
  const bytes = derContent(node);
  if (node.tag === BMP_STRING) return utf16be.decode(bytes);
  if (node.tag === UNIVERSAL_STRING) return decodeUtf32be(bytes);
  if (node.tag !== UTF8_STRING && !ONE_BYTE_STRINGS.has(node.tag)) {
    throw new CertificateParseError(`unsupported string type 0x${node.tag.toString(16)} in a name`);
  }
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.toString(isUtf8(buffer) ? "utf8" : "latin1");
}

function decodeUtf32be(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i + 3 < bytes.length; i += 4) {
    text += String.fromCodePoint(
      ((bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3]) >>> 0,
    );
  }
  return text;
}
