/** The accented capitals names use, each to its base letter: a lookup instead of a normalize per letter. */
const ACCENTED = new Map([..."ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÝ"].map((char) => [char, char.normalize("NFD")[0]]));

/** Strips combining marks from one character (the rare ones the table above lacks). */
function withoutAccent(char: string): string {
  return ACCENTED.get(char) ?? char.normalize("NFD").replace(/\p{M}/gu, "");
}

/**
 * Upper case, accents removed (Ñ kept), & kept, whitespace collapsed and trimmed.
 * Punctuation is kept: SAT compares "números, letras, espacios, puntos y comas" (research §4).
 */
export function normalizeName(name: string): string {
  let upper = name.toUpperCase();
  if (/[^\x20-\x7e]/.test(upper)) upper = upper.normalize("NFC").replace(/[^\t\n\r -~Ñ]/g, withoutAccent);
  return upper.replace(/\s+/g, " ").trim();
}

/** normalizeName without punctuation: only letters, digits, Ñ, & and single spaces remain. */
export function nameWithoutPunctuation(name: string): string {
  return normalizeName(name)
    .replace(/[^A-Z0-9Ñ& ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
