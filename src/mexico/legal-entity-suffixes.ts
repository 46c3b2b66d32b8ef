import { normalizeName } from "./normalize-name.ts";

/**
 * Mexican legal-entity forms (research §8), written the usual way. Matching ignores dots and the
 * spacing between the letters of an abbreviation, so `SA DE CV`, `S.A. DE C.V.` and `S. A. DE C. V.` are one form.
 */
export const LEGAL_ENTITY_SUFFIXES: readonly string[] = [
  "S.A.P.I. DE C.V. SOFOM E.N.R.",
  "S.A.P.I. DE C.V. SOFOM E.R.",
  "S.A. DE C.V. SOFOM E.N.R.",
  "S.A. DE C.V. SOFOM E.R.",
  "S.A.P.I.B. DE C.V.",
  "S.A.P.I. DE C.V.",
  "S.A.P.I. DE S.V.",
  "S.A.P.I.",
  "S.A.B. DE C.V.",
  "S.A.B.",
  "S.A.S. DE C.V.",
  "S.A.S.",
  "S.A. DE C.V.",
  "S.A.",
  "S. DE R.L. DE C.V.",
  "S. DE R.L. M.I.",
  "S. DE R.L.",
  "S. DE G.C. DE I.P.",
  "S. EN N.C. DE C.V.",
  "S. EN N.C.",
  "S. EN C. POR A. DE C.V.",
  "S. EN C. POR A.",
  "S. EN C.S.",
  "S. EN C. DE C.V.",
  "S. EN C.",
  "S. DE S.S.",
  "S.C. DE R.L. DE C.V.",
  "S.C. DE R.L.",
  "S.C. DE C.V.",
  "S.C. DE P. DE R.L. DE C.V.",
  "S.C.L.",
  "S.C.S.",
  "S.C.",
  "S.N.C.",
  "S.P.R. DE R.L. DE C.V.",
  "S.P.R. DE R.L.",
  "S.P.R. DE R.I.",
  "S.P.R.",
  "A. EN P.",
  "A.R.I.C.",
  "A.C.",
  "I.A.P.",
  "I.B.P.",
  "A.B.P.",
  "SOFOM E.N.R.",
  "SOFOM E.R.",
  "SOFOM",
  "SOFIPO",
  "INC.",
  "LTD.",
  "LLC.",
  "Y CIA.",
  "SOCIEDAD ANONIMA PROMOTORA DE INVERSION DE CAPITAL VARIABLE",
  "SOCIEDAD ANONIMA BURSATIL DE CAPITAL VARIABLE",
  "SOCIEDAD ANONIMA DE CAPITAL VARIABLE",
  "SOCIEDAD ANONIMA",
  "SOCIEDAD DE RESPONSABILIDAD LIMITADA DE CAPITAL VARIABLE",
  "SOCIEDAD DE RESPONSABILIDAD LIMITADA",
  "SOCIEDAD POR ACCIONES SIMPLIFICADA",
  "SOCIEDAD COOPERATIVA DE RESPONSABILIDAD LIMITADA",
  "SOCIEDAD CIVIL",
  "ASOCIACION CIVIL",
  "INSTITUCION DE ASISTENCIA PRIVADA",
];

function patternFor(suffix: string): string {
  const tokens = suffix.split(" ").map((token) => token.replace(/\./g, ""));
  const tokenPatterns = tokens.map((letters) => [...letters].join("\\.?\\s?") + "\\.?");
  return tokenPatterns.join("[\\s,]*");
}

const byLength = [...LEGAL_ENTITY_SUFFIXES].sort((a, b) => b.length - a.length);
const TRAILING_SUFFIX = new RegExp(`[\\s,]+(?:${byLength.map(patternFor).join("|")})[\\s,.]*$`, "u");

/** Normalized name without its trailing legal-entity form(s) and trailing commas. */
export function stripLegalEntitySuffix(name: string): string {
  let current = normalizeName(name).replace(/[\s,]+$/, "");
  for (;;) {
    const stripped = current.replace(TRAILING_SUFFIX, "").replace(/[\s,]+$/, "");
    if (stripped === current || stripped.length === 0) return current;
    current = stripped;
  }
}

/** The legal-entity form found at the end of the name, as written there, or null. */
export function legalEntitySuffixOf(name: string): string | null {
  const normalized = normalizeName(name).replace(/[\s,]+$/, "");
  const base = stripLegalEntitySuffix(normalized);
  const rest = normalized.slice(base.length).replace(/^[\s,]+/, "");
  return rest.length > 0 ? rest : null;
}
