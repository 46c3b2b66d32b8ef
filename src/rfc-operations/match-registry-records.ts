import { registryNameKey } from "../mexico/compare-names.ts";
import type { RegistryRecord } from "../upstreams/commerce-registry/port.ts";

/**
 * Spec §4.7 matching rules: (1) the record's name equals the searched name once punctuation, accents
 * and legal-entity suffixes are ignored; (2) a record whose RFC on file differs from the requested one
 * is dropped. Rule (3), unsupported records cut down, is done by the parser (parse-registry-answer.ts).
 */
export function matchRegistryRecords(
  records: readonly RegistryRecord[],
  query: { rfc: string; name: string },
): RegistryRecord[] {
  const wanted = registryNameKey(query.name);
  return records
    .filter((record) => registryNameKey(record.name) === wanted)
    .filter((record) => !record.supported || record.rfc === null || record.rfc.toUpperCase() === query.rfc);
}
