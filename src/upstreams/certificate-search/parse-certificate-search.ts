import { isRealDateTime } from "../../mexico/calendar-date.ts";
import { isRecord, stringField } from "../read-json.ts";
import { malformed } from "../upstream-failure.ts";
import type { CertificateKind, CertificateListing, CertificateStatus } from "./port.ts";

const KINDS: readonly string[] = ["FIEL", "SELLO"];
const STATUSES: readonly string[] = ["Activo", "Caduco", "Revocado"];

const CANONICAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** True when the text is already the ISO instant it denotes (a real date, no leap second). */
function isCanonical(text: string): boolean {
  const parts = CANONICAL.exec(text);
  if (!parts) return false;
  const [, year, month, day, hour, minute, second] = parts.map(Number);
  return isRealDateTime(year, month, day, hour, minute, second);
}

function utcInstant(object: Record<string, unknown>, key: string): string {
  const text = stringField(object, key);
  if (isCanonical(text)) return text;
  const time = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(time)) throw malformed(`"${key}" is not a date-time`);
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The JSON list `[{ serial, type, status, valid_from, valid_to }]` (DESIGN §4). */
export function parseCertificateSearch(json: unknown): CertificateListing[] {
  if (!Array.isArray(json)) throw malformed("certificate search answer is not a list");
  return json.map((item) => {
    if (!isRecord(item)) throw malformed("certificate search item is not an object");
    const serial = stringField(item, "serial");
    const type = stringField(item, "type");
    const status = stringField(item, "status");
    if (!/^\d{20}$/.test(serial)) throw malformed(`serial ${JSON.stringify(serial)} is not 20 digits`);
    if (!KINDS.includes(type)) throw malformed(`unknown certificate type ${JSON.stringify(type)}`);
    if (!STATUSES.includes(status)) throw malformed(`unknown certificate status ${JSON.stringify(status)}`);
    return {
      serial,
      type: type as CertificateKind,
      status: status as CertificateStatus,
      validFromUtc: utcInstant(item, "valid_from"),
      validToUtc: utcInstant(item, "valid_to"),
    };
  });
}
