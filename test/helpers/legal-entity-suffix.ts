import { stripLegalEntitySuffix } from "../../src/mexico/legal-entity-suffixes.ts";
import { normalizeName } from "../../src/mexico/normalize-name.ts";

/** The legal-entity form found at the end of the name, as written there, or null. */
export function legalEntitySuffixOf(name: string): string | null {
  const normalized = normalizeName(name).replace(/[\s,]+$/, "");
  const base = stripLegalEntitySuffix(normalized);
  const rest = normalized.slice(base.length).replace(/^[\s,]+/, "");
  return rest.length > 0 ? rest : null;
}
