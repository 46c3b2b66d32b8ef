import { stripLegalEntitySuffix } from "./legal-entity-suffixes.ts";
import { nameWithoutPunctuation, normalizeName } from "./normalize-name.ts";

/**
 * Key for registry matching (spec §4.7 rule 1): punctuation, accents and legal-entity suffixes ignored.
 */
export function registryNameKey(name: string): string {
  return nameWithoutPunctuation(stripLegalEntitySuffix(name));
}

export function sameRegistryName(a: string, b: string): boolean {
  return registryNameKey(a) === registryNameKey(b);
}

/**
 * Padrón comparison: letters, spaces, dots and commas count; case, accents, repeated spaces and the
 * régimen de capital (CFDI 4.0 names omit it) do not.
 */
export function padronNameKey(name: string): string {
  return normalizeName(stripLegalEntitySuffix(name));
}

export function samePadronName(given: string, registered: string): boolean {
  return padronNameKey(given) === padronNameKey(registered);
}
