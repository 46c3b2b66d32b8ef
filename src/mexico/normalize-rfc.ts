/** Trims, upper-cases and drops inner spaces and hyphens (DESIGN §3.1). */
export function normalizeRfc(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "");
}
