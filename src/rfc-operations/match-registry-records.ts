import { registryNameKey } from "../mexico/compare-names.ts";
import type { RegistryRecord, UnsupportedRegistryRecord } from "../upstreams/commerce-registry/port.ts";

/**
 * Spec §4.7 matching rules: (1) the record's name equals the searched name once punctuation, accents
 * and legal-entity suffixes are ignored; (2) a record whose RFC on file differs from the requested one
 * is dropped; (3) a record in an unsupported state keeps only fme, name and registry_office.
 */
export function matchRegistryRecords(
  records: readonly RegistryRecord[],
  query: { rfc: string; name: string },
): RegistryRecord[] {
  const wanted = registryNameKey(query.name);
  return records
    .filter((record) => registryNameKey(record.name) === wanted)
    .filter((record) => !record.supported || record.rfc === null || record.rfc.toUpperCase() === query.rfc)
    .map((record) => (record.supported ? record : reduceUnsupported(record)));
}

function reduceUnsupported(record: UnsupportedRegistryRecord): UnsupportedRegistryRecord {
  return {
    fme: record.fme,
    name: record.name,
    supported: false,
    status: null,
    registry_office: record.registry_office,
    shareholders: [],
    acts: [],
  };
}
