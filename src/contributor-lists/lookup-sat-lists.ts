import { compiledOnce } from "../platform/db/compiled-once.ts";
import type { Db } from "../platform/db/connect.ts";
import { catalogOrderOf, listsMissingFrom } from "./catalog.ts";
import type { ListMode } from "./list-store-types.ts";

export type SatListsAnswer = Awaited<ReturnType<typeof lookupSatLists>>;
/** One element of `sat_lists` (spec §2.4, DESIGN §3.3). */
export type SatListEntry = NonNullable<SatListsAnswer["sat_lists"]>[number];

const ARTICLE_ORDER: Record<string, number> = { "69": 0, "69-B": 1, "69-B Bis": 2 };

const listingsQuery = compiledOnce((db, a: { mode: ListMode; rfc: string }) =>
  db
    .selectFrom("list_current as c")
    .innerJoin("list_versions as v", "v.id", "c.version_id")
    .leftJoin("list_entries as e", (join) =>
      join.onRef("e.version_id", "=", "c.version_id").on("e.rfc", "=", a.rfc).on("e.suppressed", "=", 0),
    )
    .select([
      "c.list_key",
      "v.article",
      "v.content_date",
      "v.last_modified",
      "v.fetched_at",
      "e.position",
      "e.sub_list",
      "e.situation",
      "e.name",
      "e.person_type",
      "e.state",
    ])
    .where("c.mode", "=", a.mode),
);

/**
 * Every current listing of a normalized RFC in ONE statement through the `list_current` pointers, so it
 * sees each list's old or new version, never a mix; suppressed rows never match. Entries come by
 * article, then catalog order of their file, then file order.
 */
export async function lookupSatLists(db: Db, mode: ListMode, rfc: string) {
  const rows = await listingsQuery(db, { mode, rfc });
  const order = (row: (typeof rows)[number]) =>
    (ARTICLE_ORDER[row.article] ?? 3) * 1000 + catalogOrderOf(row.list_key);
  const found = rows
    .filter((row) => row.position !== null)
    .sort((a, b) => order(a) - order(b) || Number(a.position) - Number(b.position));
  const newest = rows.length === 0 ? null : Math.max(...rows.map(dataAsOf));
  const missing = listsMissingFrom(new Set(rows.map((row) => row.list_key)));
  return {
    // Unknown (null) when the RFC is in none of the loaded lists while some are missing: not "in no list".
    sat_lists:
      found.length === 0 && missing.length > 0
        ? null
        : found.map((row) => ({
            article: row.article,
            sub_list: row.sub_list ?? "",
            situation: row.situation ?? "",
            name: row.name ?? "",
            person_type: row.person_type ?? "",
            state: row.state ?? "",
          })),
    // How recent the lists consulted are; null when no list is loaded in this mode.
    data_as_of: newest === null ? null : new Date(newest).toISOString(),
    missing_lists: missing,
  };
}

/** SAT's own "actualizada al" date when the file has one, else the server's Last-Modified, else when fetched. */
function dataAsOf(row: { content_date: string | null; last_modified: string | null; fetched_at: number }) {
  if (row.content_date) return Date.parse(`${row.content_date}T00:00:00Z`);
  const modified = row.last_modified ? Date.parse(row.last_modified) : Number.NaN;
  return Number.isFinite(modified) ? modified : Number(row.fetched_at);
}
