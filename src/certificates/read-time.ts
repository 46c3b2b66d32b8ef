import { CertificateParseError } from "./certificate-parse-error.ts";
import { DerTag, type DerNode, derContent } from "./read-der.ts";

const UTC_TIME = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/;
const GENERALIZED_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/;

/** An X.509 UTCTime / GeneralizedTime as ISO 8601 UTC with second precision: `2017-05-18T03:54:56Z`. */
export function readTime(node: DerNode | undefined): string {
  if (!node) throw new CertificateParseError("certificate validity is missing a time");
  const text = new TextDecoder("latin1").decode(derContent(node));
  let parts: RegExpExecArray | null = null;
  let year = 0;
  if (node.tag === DerTag.utcTime && (parts = UTC_TIME.exec(text))) {
    const shortYear = Number(parts[1]);
    year = shortYear >= 50 ? 1900 + shortYear : 2000 + shortYear; // RFC 5280 §4.1.2.5.1
  } else if (node.tag === DerTag.generalizedTime && (parts = GENERALIZED_TIME.exec(text))) {
    year = Number(parts[1]);
  }
  if (!parts) throw new CertificateParseError(`unreadable certificate time "${text}"`);
  const [, , month, day, hour, minute, second] = parts;
  const date = new Date(Date.UTC(year, Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)));
  if (Number.isNaN(date.getTime())) throw new CertificateParseError(`invalid certificate time "${text}"`);
  return date.toISOString().replace(".000Z", "Z");
}
