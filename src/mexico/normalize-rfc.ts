const SEPARATORS = /[\s-]/;
const ALL_SEPARATORS = /[\s-]+/g;

/**
 * NFC first (an `N` + U+0303 sent in NFD is the letter Ñ), then trimmed, upper-cased, inner spaces
 * and hyphens dropped (DESIGN §3.1).
 */
export function normalizeRfc(input: string): string {
  const upper = input.normalize("NFC").trim().toUpperCase();
  return SEPARATORS.test(upper) ? upper.replace(ALL_SEPARATORS, "") : upper;
}
