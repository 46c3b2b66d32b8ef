import { isRealDate } from "../mexico/calendar-date.ts";
import { CertificateParseError } from "./certificate-parse-error.ts";
import type { DerElement } from "./read-der-element.ts";

const UTC_TIME_TAG = 0x17;
const GENERALIZED_TIME_TAG = 0x18;

// Every form X.680 allows, not only DER's: UTCTime may omit the seconds and carry an offset;
// GeneralizedTime may stop at the hour or minute, add a fraction of its last unit, and carry an offset.
const UTC_TIME = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(Z|[+-]\d{4})$/;
const GENERALIZED_TIME =
  /^(\d{4})(\d{2})(\d{2})(\d{2})(?:(\d{2})(\d{2})?)?(?:[.,](\d+))?(Z|[+-]\d{2}(?:\d{2})?)?$/;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * An X.509 UTCTime / GeneralizedTime as ISO 8601 UTC with second precision: `2017-05-18T03:54:56Z`.
 * Offsets are applied; a fraction below the second is dropped; a GeneralizedTime without a zone is read as UTC.
 */
export function readTime(der: Uint8Array, time: DerElement): string {
  const text = String.fromCharCode.apply(null, der.subarray(time.start, time.end) as unknown as number[]);
  const at = time.tag === UTC_TIME_TAG ? readUtcTime(text) : readGeneralizedTime(time.tag, text);
  return new Date(Math.floor(at / 1000) * 1000).toISOString().replace(".000Z", "Z");
}

function readUtcTime(text: string): number {
  const parts = UTC_TIME.exec(text);
  if (!parts) throw unreadable(text);
  const [, yy, month, day, hour, minute, second = "00", zone] = parts;
  // RFC 5280 §4.1.2.5.1: two-digit years 50–99 are 19xx.
  const year = Number(yy) >= 50 ? 1900 + Number(yy) : 2000 + Number(yy);
  return instant(text, { year, month, day, hour, minute, second, fraction: 0, zone });
}

function readGeneralizedTime(tag: number, text: string): number {
  const parts = tag === GENERALIZED_TIME_TAG ? GENERALIZED_TIME.exec(text) : null;
  if (!parts) throw unreadable(text);
  const [, year, month, day, hour, minute, second, digits, zone = "Z"] = parts;
  // A fraction belongs to the last unit written: the hour, the minute or the second.
  const unitMs = second !== undefined ? 1000 : minute !== undefined ? MINUTE_MS : HOUR_MS;
  const fraction = digits ? Number(`0.${digits}`) * unitMs : 0;
  return instant(text, {
    year: Number(year),
    month,
    day,
    hour,
    minute: minute ?? "00",
    second: second ?? "00",
    fraction,
    zone,
  });
}

type Fields = Record<"month" | "day" | "hour" | "minute" | "second" | "zone", string> & {
  year: number;
  fraction: number;
};

function instant(text: string, time: Fields): number {
  const [hour, minute, second] = [Number(time.hour), Number(time.minute), Number(time.second)];
  // A leap second (60) is legal; Date.UTC carries it into the next minute.
  if (!isRealDate(time.year, Number(time.month), Number(time.day)) || hour > 23 || minute > 59 || second > 60)
    throw new CertificateParseError(`invalid certificate time "${text}"`);
  const local = Date.UTC(time.year, Number(time.month) - 1, Number(time.day), hour, minute, second);
  return local + Math.floor(time.fraction) - offsetMs(text, time.zone);
}

/** `Z` → 0; `-0600` → −6 h; `+01` → 1 h (UTC = local time − offset). */
function offsetMs(text: string, zone: string): number {
  if (zone === "Z") return 0;
  const hours = Number(zone.slice(1, 3));
  const minutes = zone.length > 3 ? Number(zone.slice(3, 5)) : 0;
  if (hours > 23 || minutes > 59) throw new CertificateParseError(`invalid certificate time "${text}"`);
  return (zone[0] === "-" ? -1 : 1) * (hours * HOUR_MS + minutes * MINUTE_MS);
}

const unreadable = (text: string) => new CertificateParseError(`unreadable certificate time "${text}"`);
