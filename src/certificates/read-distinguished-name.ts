import { AsnConvert } from "@peculiar/asn1-schema";
import { Name } from "@peculiar/asn1-x509";
import { CertificateParseError } from "./certificate-parse-error.ts";
import { decodeDirectoryString } from "./decode-directory-string.ts";

export type NameAttribute = { readonly oid: string; readonly value: string };

export const NameOid = {
  commonName: "2.5.4.3",
  serialNumber: "2.5.4.5",
  organization: "2.5.4.10",
  organizationalUnit: "2.5.4.11",
  name: "2.5.4.41",
  x500UniqueIdentifier: "2.5.4.45",
  emailAddress: "1.2.840.113549.1.9.1",
} as const;

/** Short names as openssl prints them, so our strings read like `openssl x509 -nameopt RFC2253`. */
const SHORT_NAMES: Record<string, string> = {
  "2.5.4.3": "CN",
  "2.5.4.4": "SN",
  "2.5.4.5": "serialNumber",
  "2.5.4.6": "C",
  "2.5.4.7": "L",
  "2.5.4.8": "ST",
  "2.5.4.9": "street",
  "2.5.4.10": "O",
  "2.5.4.11": "OU",
  "2.5.4.12": "title",
  "2.5.4.17": "postalCode",
  "2.5.4.41": "name",
  "2.5.4.42": "GN",
  "2.5.4.45": "x500UniqueIdentifier",
  "1.2.840.113549.1.9.1": "emailAddress",
  "1.2.840.113549.1.9.2": "unstructuredName",
  "0.9.2342.19200300.100.1.25": "DC",
  "0.9.2342.19200300.100.1.1": "UID",
};

/** A DER X.501 Name's attributes, read by @peculiar/asn1-x509, most significant RDN first. */
export function readDistinguishedName(der: Uint8Array): NameAttribute[] {
  let name: Name;
  try {
    name = AsnConvert.parse(der, Name);
  } catch (error) {
    throw new CertificateParseError(`not an X.501 name: ${(error as Error).message}`);
  }
  const attributes: NameAttribute[] = [];
  for (const rdn of name) {
    for (const { type, value } of rdn) attributes.push({ oid: type, value: decodeDirectoryString(value) });
  }
  return attributes;
}

export function firstAttribute(attributes: readonly NameAttribute[], oid: string): string | null {
  return attributes.find((attribute) => attribute.oid === oid)?.value ?? null;
}

/** RFC 2253/4514 string: last RDN first, comma separated, special characters escaped. */
export function formatDistinguishedName(attributes: readonly NameAttribute[]): string {
  return attributes
    .toReversed()
    .map(({ oid, value }) => `${SHORT_NAMES[oid] ?? oid}=${escapeRdnValue(value)}`)
    .join(",");
}

const NEEDS_ESCAPE = /[,+"\\<>;]|^[ #]| $/;

function escapeRdnValue(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value
    .replace(/[,+"\\<>;]/g, (char) => `\\${char}`)
    .replace(/^[ #]/, (char) => `\\${char}`)
    .replace(/ $/, "\\ ");
}
