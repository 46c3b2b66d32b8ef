import { stripLegalEntitySuffix } from "./legal-entity-suffixes.ts";
import { normalizeName } from "./normalize-name.ts";

/**
 * The string for a CFDI 4.0 invoice's `Receptor/@Nombre`: the registered name without its régimen de
 * capital (research §4), in SAT's own letters — Ñ, accents, dots and commas as registered.
 */
export function cfdiName(registered: string): string {
  // NFC, trimmed, runs of spaces as one: the text as SAT shows it, every letter and sign kept.
  const written = registered.normalize("NFC").replace(/\s+/g, " ").trim();
  const base = stripLegalEntitySuffix(written);
  // The suffix is cut from the written name at the position found on its normalized twin; if
  // upper-casing changed the length (ß → SS), the positions do not line up and the twin is returned.
  if (normalizeName(written).length !== written.length) return base;
  return written.slice(0, base.length).replace(/[\s,]+$/, "");
}

/**
 * SAT's CFDI 4.0 comparison: letters, case, spaces, dots and commas count exactly; only the Unicode form
 * and the spaces around the name do not. A name that still carries the régimen de capital does not match.
 */
export function sameCfdiName(given: string, registered: string): boolean {
  return given.normalize("NFC").trim() === cfdiName(registered);
}
