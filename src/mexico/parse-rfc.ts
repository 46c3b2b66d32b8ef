import { isRealDate } from "./calendar-date.ts";
import { isGenericRfc } from "./generic-rfcs.ts";
import { hasValidRfcCheckDigit } from "./rfc-check-digit.ts";

export type PersonType = "M" | "F";

export type ParsedRfc = {
  rfc: string;
  /** M = persona moral (12 characters), F = persona física (13). */
  personType: PersonType;
  letters: string;
  /** YYMMDD as written; the century is not part of an RFC. */
  dateDigits: string;
  homoclave: string;
  checkDigit: string;
  checkDigitValid: boolean;
  generic: boolean;
};

const RFC_PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([A\d])$/u;

/** Structure check of an already normalized RFC (research §3.1); null when structurally invalid. */
export function parseRfc(rfc: string): ParsedRfc | null {
  const match = RFC_PATTERN.exec(rfc);
  if (!match) return null;
  const [, letters, yy, mm, dd, homoclave, checkDigit] = match;
  // Two-digit years: 00 is a leap year in 2000, so any YY divisible by 4 allows 29 February.
  if (!isRealDate(2000 + Number(yy), Number(mm), Number(dd))) return null;
  return {
    rfc,
    personType: letters.length === 3 ? "M" : "F",
    letters,
    dateDigits: `${yy}${mm}${dd}`,
    homoclave,
    checkDigit,
    checkDigitValid: hasValidRfcCheckDigit(rfc),
    generic: isGenericRfc(rfc),
  };
}

export function isValidRfcStructure(rfc: string): boolean {
  const match = RFC_PATTERN.exec(rfc);
  return match !== null && isRealDate(2000 + Number(match[2]), Number(match[3]), Number(match[4]));
}

/** Person type from length alone: 12 → company (M), 13 → individual (F). */
export function personTypeOfRfc(rfc: string): PersonType | null {
  const length = [...rfc].length;
  return length === 12 ? "M" : length === 13 ? "F" : null;
}
