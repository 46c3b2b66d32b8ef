const ACCENTED: Readonly<Record<string, string>> = {
  Á: "A",
  À: "A",
  Â: "A",
  Ä: "A",
  Ã: "A",
  É: "E",
  È: "E",
  Ê: "E",
  Ë: "E",
  Í: "I",
  Ì: "I",
  Î: "I",
  Ï: "I",
  Ó: "O",
  Ò: "O",
  Ô: "O",
  Ö: "O",
  Õ: "O",
  Ú: "U",
  Ù: "U",
  Û: "U",
  Ü: "U",
  Ç: "C",
  Ý: "Y",
};

/** Strips combining marks from one character (the rare ones the table above lacks). */
function withoutAccent(char: string): string {
  return ACCENTED[char] ?? char.normalize("NFD").replace(/\p{M}/gu, "");
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
