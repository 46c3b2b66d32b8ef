import { isUtf8 } from "node:buffer";
import type { AttributeValue } from "@peculiar/asn1-x509";
import { CertificateParseError } from "./certificate-parse-error.ts";
import { readDerElement } from "./read-der-element.ts";

// NumericString, VideotexString, GraphicString, VisibleString, GeneralString: asn1-x509 leaves them as DER.
const OTHER_ONE_BYTE_STRINGS = new Set([0x12, 0x15, 0x19, 0x1a, 0x1b]);

/**
 * Text of a name attribute. SAT writes latin-1 bytes into UTF8String, PrintableString and TeletexString
 * alike, so any byte string that is not valid UTF-8 is read as latin-1. asn1js gives one-byte strings
 * as latin-1 text and itself falls back to latin-1 for a UTF8String that is not UTF-8.
 */
export function decodeDirectoryString(value: AttributeValue): string {
  const decoded = value.utf8String ?? value.bmpString ?? value.universalString;
  if (decoded !== undefined) return decoded;
  const oneByte = value.printableString ?? value.teletexString ?? value.ia5String;
  if (oneByte !== undefined) return utf8OrLatin1(Buffer.from(oneByte, "latin1"));
  if (!value.anyValue) throw new CertificateParseError("a name attribute has no string value");
  const der = Buffer.from(value.anyValue);
  const { tag, start, end } = readDerElement(der, 0);
  if (!OTHER_ONE_BYTE_STRINGS.has(tag)) {
    throw new CertificateParseError(`unsupported string type 0x${tag.toString(16)} in a name`);
  }
  return utf8OrLatin1(der.subarray(start, end));
}

function utf8OrLatin1(bytes: Buffer): string {
  return bytes.toString(isUtf8(bytes) ? "utf8" : "latin1");
}
