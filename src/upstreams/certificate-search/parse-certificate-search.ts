import { Type } from "typebox";
import { isRealDateTime } from "../../mexico/calendar-date.ts";
import { checkJson } from "../read-json.ts";
import { malformed } from "../upstream-failure.ts";
import { CertificateKindSchema, type CertificateListing, CertificateStatusSchema } from "./port.ts";

const AnswerSchema = Type.Array(
  Type.Object({
    serial: Type.String({ pattern: "^\\d{20}$" }),
    type: CertificateKindSchema,
    status: CertificateStatusSchema,
    valid_from: Type.String(),
    valid_to: Type.String(),
  }),
);

const CANONICAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** True when the text is already the ISO instant it denotes (a real date, no leap second). */
function isCanonical(text: string): boolean {
  const parts = CANONICAL.exec(text);
  if (!parts) return false;
  const [, year, month, day, hour, minute, second] = parts.map(Number);
  return isRealDateTime(year, month, day, hour, minute, second);
}

function utcInstant(text: string, key: string): string {
  if (isCanonical(text)) return text;
  const time = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(time)) throw malformed(`"${key}" is not a date-time`);
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The JSON list `[{ serial, type, status, valid_from, valid_to }]` (DESIGN §4). */
export function parseCertificateSearch(json: unknown): CertificateListing[] {
  return checkJson(AnswerSchema, json, "certificate search answer").map((item) => ({
    serial: item.serial,
    type: item.type,
    status: item.status,
    validFromUtc: utcInstant(item.valid_from, "valid_from"),
    validToUtc: utcInstant(item.valid_to, "valid_to"),
  }));
}
