import { isRealDate } from "../../src/mexico/calendar-date.ts";
import { curpCheckDigit } from "../../src/mexico/curp-check-digit.ts";
import { CURP_BORN_ABROAD, STATES } from "../../src/mexico/states.ts";

// The product builds CURPs and never reads one; tests read them back to check what it built.

export const CURP_ENTITY_CODES: ReadonlySet<string> = new Set([
  ...STATES.map((s) => s.curp),
  CURP_BORN_ABROAD,
]);

const CURP_PATTERN =
  /^([A-Z][AEIOUX][A-Z]{2})(\d{2})(\d{2})(\d{2})([HM])([A-Z]{2})([B-DF-HJ-NP-TV-Z]{3})([0-9A-Z])(\d)$/;

export function hasValidCurpCheckDigit(curp: string): boolean {
  if (curp.length !== 18) return false;
  try {
    return curpCheckDigit(curp.slice(0, 17)) === curp[17];
  } catch {
    return false;
  }
}

/** Structure of a CURP (research §3.5); the century comes from the 17th character. Null when invalid. */
export function parseCurp(input: string) {
  const curp = input.trim().toUpperCase();
  const match = CURP_PATTERN.exec(curp);
  if (!match) return null;
  const [, , yy, mm, dd, sex, entity, , differentiator] = match;
  if (!CURP_ENTITY_CODES.has(entity)) return null;
  const year = (/\d/.test(differentiator) ? 1900 : 2000) + Number(yy);
  if (!isRealDate(year, Number(mm), Number(dd))) return null;
  return {
    curp,
    birthDate: { year, month: Number(mm), day: Number(dd) },
    sex: sex as "H" | "M",
    entity,
    differentiator,
    checkDigitValid: hasValidCurpCheckDigit(curp),
  };
}

/** Structure and check digit both right. */
export function isValidCurp(curp: string): boolean {
  return parseCurp(curp)?.checkDigitValid === true;
}
