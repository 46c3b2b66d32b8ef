import { isRealDateTime } from "../mexico/calendar-date.ts";
import { CertificateParseError } from "./certificate-parse-error.ts";
import { type DerNode, DerTag, derContent } from "./read-der.ts";

const UTC_TIME = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/;
const GENERALIZED_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/;

/** An X.509 UTCTime / GeneralizedTime as ISO 8601 UTC with second precision: `2017-05-18T03:54:56Z`. */
export function readTime(node: DerNode | undefined): string {
  if (!node) throw new CertificateParseError("certificate validity is missing a time");
  const text = String.fromCharCode.apply(null, derContent(node) as unknown as number[]);
  const utc = node.tag === DerTag.utcTime ? UTC_TIME.exec(text) : null;
  const generalized = node.tag === DerTag.generalizedTime ? GENERALIZED_TIME.exec(text) : null;
  const parts = utc ?? generalized;
  if (!parts) throw new CertificateParseError(`unreadable certificate time "${text}"`);
  const shortYear = Number(parts[1]);
  // RFC 5280 §4.1.2.5.1: two-digit years 50–99 are 19xx.
  const year = generalized ? shortYear : shortYear >= 50 ? 1900 + shortYear : 2000 + shortYear;
  const [, , month, day, hour, minute, second] = parts;
  if (isRealDateTime(year, Number(month), Number(day), Number(hour), Number(minute), Number(second)))
    return `${String(year).padStart(4, "0")}-${month}-${day}T${hour}:${minute}:${second}Z`;
  const date = new Date(
    Date.UTC(year, Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)),
  );
  if (Number.isNaN(date.getTime())) throw new CertificateParseError(`invalid certificate time "${text}"`);
  return date.toISOString().replace(".000Z", "Z");
}
