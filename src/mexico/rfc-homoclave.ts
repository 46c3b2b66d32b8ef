import { normalizeName } from "./normalize-name.ts";

const HOMOCLAVE_DIGITS = "123456789ABCDEFGHIJKLMNPQRSTUVWXYZ";

/** The two-digit code of a character (rfc-facil's table); -1 for characters the table lacks. */
function twoDigitCode(char: string): number {
  if (char === " ") return 0;
  if (char >= "0" && char <= "9") return char.charCodeAt(0) - 48;
  if (char === "&") return 10;
  if (char === "Ñ") return 40;
  if (char >= "A" && char <= "I") return 11 + char.charCodeAt(0) - 65;
  if (char >= "J" && char <= "R") return 21 + char.charCodeAt(0) - 74;
  if (char >= "S" && char <= "Z") return 32 + char.charCodeAt(0) - 83;
  return -1;
}

/**
 * Two-character homoclave as computed by rfc-facil (research §3.3) from "APELLIDO1 APELLIDO2 NOMBRE"
 * or a company's legal name. SAT assigns the real one; this is the public approximation.
 */
export function rfcHomoclave(fullName: string): string {
  const cleaned = normalizeName(fullName).replace(/[-.']/g, "");
  // The digit string is "0" followed by each character's two digits; sum pairs (d[i]d[i+1]) × d[i+1].
  const digits: number[] = [0];
  for (const char of cleaned) {
    const code = twoDigitCode(char);
    if (code >= 0) digits.push(Math.floor(code / 10), code % 10);
  }
  let sum = 0;
  for (let i = 0; i < digits.length - 1; i++) sum += (digits[i] * 10 + digits[i + 1]) * digits[i + 1];
  const lastThree = sum % 1000;
  return HOMOCLAVE_DIGITS[Math.floor(lastThree / 34)] + HOMOCLAVE_DIGITS[lastThree % 34];
}
