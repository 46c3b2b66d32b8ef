import { stripLegalEntitySuffix } from "./legal-entity-suffixes.ts";
import { nameWithoutPunctuation } from "./normalize-name.ts";

/**
 * Key for registry matching (spec §4.7 rule 1): punctuation, accents and legal-entity suffixes ignored.
 */
export function registryNameKey(name: string): string {
  return nameWithoutPunctuation(stripLegalEntitySuffix(name));
}
