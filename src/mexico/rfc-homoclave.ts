import { normalizeName } from "./normalize-name.ts";

const HOMOCLAVE_DIGITS = "123456789ABCDEFGHIJKLMNPQRSTUVWXYZ";

function twoDigitCode(char: string): string {
  if (char === " ") return "00";
  if (char >= "0" && char <= "9") return `0${char}`;
  if (char === "&") return "10";
  if (char === "Ñ") return "40";
  if (char >= "A" && char <= "I") return String(11 + char.charCodeAt(0) - 65);
  if (char >= "J" && char <= "R") return String(21 + char.charCodeAt(0) - 74);
  if (char >= "S" && char <= "Z") return String(32 + char.charCodeAt(0) - 83);
  return "";
}

/**
 * Two-character homoclave as computed by rfc-facil (research §3.3) from "APELLIDO1 APELLIDO2 NOMBRE"
 * or a company's legal name. SAT assigns the real one; this is the public approximation.
 */
export function rfcHomoclave(fullName: string): string {
  const cleaned = normalizeName(fullName).replace(/[-.']/g, "");
  const digits = `0${[...cleaned].map(twoDigitCode).join("")}`;
  let sum = 0;
  for (let i = 0; i < digits.length - 1; i++) {
    sum += Number(digits.slice(i, i + 2)) * Number(digits[i + 1]);
  }
  const lastThree = sum % 1000;
  return HOMOCLAVE_DIGITS[Math.floor(lastThree / 34)] + HOMOCLAVE_DIGITS[lastThree % 34];
}
