/** Strips combining marks from one character, except the tilde of Ñ. */
function withoutAccent(char: string): string {
  if (char === "Ñ") return char;
  return char.normalize("NFD").replace(/\p{M}/gu, "");
}

/**
 * Upper case, accents removed (Ñ kept), & kept, whitespace collapsed and trimmed.
 * Punctuation is kept: SAT compares "números, letras, espacios, puntos y comas" (research §4).
 */
export function normalizeName(name: string): string {
  const upper = name.normalize("NFC").toUpperCase();
  let out = "";
  for (const char of upper) out += char.charCodeAt(0) < 128 ? char : withoutAccent(char);
  return out.replace(/\s+/g, " ").trim();
}

/** normalizeName without punctuation: only letters, digits, Ñ, & and single spaces remain. */
export function nameWithoutPunctuation(name: string): string {
  return normalizeName(name)
    .replace(/[^A-Z0-9Ñ& ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
