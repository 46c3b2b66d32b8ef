import { normalizeName } from "./normalize-name.ts";

/**
 * Mexican legal-entity forms (research §8), written the usual way. Matching ignores dots, commas and
 * spacing, so `SA DE CV`, `S.A. DE C.V.` and `S. A. DE C. V.` are one form.
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

/** Letters only: dots, spaces and commas do not matter when comparing legal forms. */
function compact(text: string): string {
  return text.replace(/[.\s,]/g, "");
}

const COMPACT_SUFFIXES: ReadonlySet<string> = new Set(LEGAL_ENTITY_SUFFIXES.map(compact));
const isSeparator = (char: string) => char === " " || char === ",";
const TAIL_WINDOW = 70;

/** Cuts the longest known form that starts at a word boundary and runs to the end; the name itself stays. */
function stripOnce(name: string): string {
  for (let i = Math.max(1, name.length - TAIL_WINDOW); i < name.length; i++) {
    if (isSeparator(name[i - 1]) && !isSeparator(name[i]) && COMPACT_SUFFIXES.has(compact(name.slice(i)))) {
      return name.slice(0, i).replace(/[\s,]+$/, "");
    }
  }
  return name;
}

/** Normalized name without its trailing legal-entity form(s) and trailing commas. */
export function stripLegalEntitySuffix(name: string): string {
  let current = normalizeName(name).replace(/[\s,]+$/, "");
  for (;;) {
    const stripped = stripOnce(current);
    if (stripped === current || stripped.length === 0) return current;
    current = stripped;
  }
}
