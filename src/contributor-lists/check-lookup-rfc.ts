import { ServiceError } from "../platform/errors.ts";

// TODO(lead): replace with `normalizeRfc` + `isValidRfcStructure` from src/mexico/ once sandbox-core's
// branch is on main; this is the same rule (DESIGN §3.1, research §3.1) kept local until then.
const RFC_PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([A\d])$/u;

/** Trims, upper-cases and drops inner spaces and hyphens; 422 `invalid_rfc` when the structure is wrong. */
export function checkLookupRfc(input: string): string {
  const rfc = input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "");
  const match = RFC_PATTERN.exec(rfc);
  if (!match || !isRealDate(Number(match[2]), Number(match[3]), Number(match[4])))
    throw new ServiceError("invalid_rfc", `"${rfc}" is not a structurally valid RFC.`, {
      errors: [
        { path: "/rfc", message: "expected 3–4 letters, a real YYMMDD date and a 3-character homoclave" },
      ],
    });
  return rfc;
}

/** Two-digit years: any YY divisible by 4 allows 29 February (00 is 2000, a leap year). */
function isRealDate(yy: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(2000 + yy, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
