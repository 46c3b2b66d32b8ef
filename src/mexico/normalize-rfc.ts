const SEPARATORS = /[\s-]/;
const ALL_SEPARATORS = /[\s-]+/g;

/** Trims, upper-cases and drops inner spaces and hyphens (DESIGN §3.1). */
export function normalizeRfc(input: string): string {
  const upper = input.trim().toUpperCase();
  return SEPARATORS.test(upper) ? upper.replace(ALL_SEPARATORS, "") : upper;
}
