import { LIST_FILES } from "./catalog.ts";
import type { LookupRow } from "./list-lookup-query.ts";

const ARTICLE_ORDER: Record<string, number> = { "69": 0, "69-B": 1, "69-B Bis": 2 };
const CATALOG_ORDER = new Map(LIST_FILES.map((file, index) => [file.key, index]));

// A list version's date and place in the answer never change: computed once per version.
export type VersionFacts = {
  /** How recent the version's data is (epoch ms). */
  asOf: number;
  /** Where its entries go in an answer: by article, then in catalog order of the file. */
  order: number;
};
export type VersionFactsOf = (row: LookupRow) => VersionFacts;

/** Remembers each version's facts; one per lists reader (version ids are per database). */
export function createVersionFacts(): VersionFactsOf {
  const versions = new Map<number, VersionFacts>();
  return (row) => {
    let facts = versions.get(row.version_id);
    if (facts === undefined) {
      if (versions.size > 1000) versions.clear();
      const order = (ARTICLE_ORDER[row.article] ?? 3) * 1000 + (CATALOG_ORDER.get(row.list_key) ?? 999);
      facts = { asOf: dataAsOf(row), order };
      versions.set(row.version_id, facts);
    }
    return facts;
  };
}

/** SAT's own "actualizada al" date when the file has one, else the server's Last-Modified, else when fetched. */
function dataAsOf(row: {
  content_date: string | null;
  last_modified: string | null;
  fetched_at: number;
}): number {
  if (row.content_date) return Date.parse(`${row.content_date}T00:00:00Z`);
  const modified = row.last_modified ? Date.parse(row.last_modified) : Number.NaN;
  return Number.isFinite(modified) ? modified : row.fetched_at;
}
