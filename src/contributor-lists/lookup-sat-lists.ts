import { CompiledQuery } from "kysely";
import type { Db } from "../platform/db/connect.ts";
import { LIST_FILES } from "./catalog.ts";
import type { ListMode } from "./list-store-types.ts";

/** One element of `sat_lists` (spec §2.4, DESIGN §3.3). */
export type SatListEntry = {
  article: string;
  sub_list: string;
  situation: string;
  name: string;
  person_type: string;
  state: string;
};

export type SatListsAnswer = {
  sat_lists: SatListEntry[];
  /** How recent the lists consulted are (ISO 8601); null when no list is loaded in this mode. */
  data_as_of: string | null;
};

const ARTICLE_ORDER: Record<string, number> = { "69": 0, "69-B": 1, "69-B Bis": 2 };
const CATALOG_ORDER = new Map(LIST_FILES.map((file, index) => [file.key, index]));

/** Entries come out by article, then in catalog order of their file, then in file order. */
function orderOf(article: string, listKey: string): number {
  return (ARTICLE_ORDER[article] ?? 3) * 1000 + (CATALOG_ORDER.get(listKey) ?? 999);
}

/**
 * Every current listing of an already normalized RFC. One statement through the `list_current` pointers,
 * so it sees each list's old or new version, never a mix; suppressed rows never match.
 */
export async function lookupSatLists(db: Db, mode: ListMode, rfc: string): Promise<SatListsAnswer> {
  const rows = await runLookup(db, mode, rfc);
  let newest: number | null = null;
  const found: (SatListEntry & { order: number; position: number })[] = [];
  for (const row of rows) {
    const asOf = versionDate(db, row);
    if (newest === null || asOf > newest) newest = asOf;
    if (row.position === null) continue;
    found.push({
      order: orderOf(row.article, row.list_key),
      position: row.position,
      article: row.article,
      sub_list: row.sub_list ?? "",
      situation: row.situation ?? "",
      name: row.name ?? "",
      person_type: row.person_type ?? "",
      state: row.state ?? "",
    });
  }
  found.sort((a, b) => a.order - b.order || a.position - b.position);
  return {
    sat_lists: found.map(({ order: _order, position: _position, ...entry }) => entry),
    data_as_of: newest === null ? null : isoDate(newest),
  };
}

type LookupRow = {
  list_key: string;
  version_id: number;
  article: string;
  content_date: string | null;
  last_modified: string | null;
  fetched_at: number;
  position: number | null;
  sub_list: string | null;
  situation: string | null;
  name: string | null;
  person_type: string | null;
  state: string | null;
};

function lookupQuery(db: Db, mode: string, rfc: string) {
  return db
    .selectFrom("list_current as c")
    .innerJoin("list_versions as v", "v.id", "c.version_id")
    .leftJoin("list_entries as e", (join) =>
      join.onRef("e.version_id", "=", "c.version_id").on("e.rfc", "=", rfc).on("e.suppressed", "=", 0),
    )
    .select([
      "c.list_key",
      "v.id as version_id",
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
    .where("c.mode", "=", mode as ListMode);
}

// The query is the hot path of sat-lists: compile it once per database and swap the parameters in,
// instead of paying Kysely's builder and compiler on every request.
const MODE_SLOT = "\u0000mode";
const RFC_SLOT = "\u0000rfc";
const compiled = new WeakMap<Db, CompiledQuery>();

async function runLookup(db: Db, mode: ListMode, rfc: string): Promise<LookupRow[]> {
  let template = compiled.get(db);
  if (!template) {
    template = lookupQuery(db, MODE_SLOT, RFC_SLOT).compile();
    compiled.set(db, template);
  }
  const parameters = template.parameters.map((value) =>
    value === MODE_SLOT ? mode : value === RFC_SLOT ? rfc : value,
  );
  const result = await db.executeQuery<LookupRow>(CompiledQuery.raw(template.sql, parameters));
  return result.rows;
}

// Every lookup reads the date of every current list; a list version's date never changes.
const versionDatesByDb = new WeakMap<Db, Map<number, number>>();
function versionDate(db: Db, row: LookupRow): number {
  let versionDates = versionDatesByDb.get(db);
  if (!versionDates) {
    versionDates = new Map();
    versionDatesByDb.set(db, versionDates);
  }
  let date = versionDates.get(row.version_id);
  if (date === undefined) {
    if (versionDates.size > 1000) versionDates.clear();
    date = dataAsOf(row);
    versionDates.set(row.version_id, date);
  }
  return date;
}

let lastIso = { at: Number.NaN, text: "" };
function isoDate(at: number): string {
  if (at !== lastIso.at) lastIso = { at, text: new Date(at).toISOString() };
  return lastIso.text;
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

/** The entries alone, for the key's mode (test keys read the sandbox's lists): what validate shows. */
export async function lookupListedEntries(
  db: Db,
  keyMode: "live" | "test",
  rfc: string,
): Promise<SatListEntry[]> {
  return (await lookupSatLists(db, keyMode === "test" ? "sandbox" : "live", rfc)).sat_lists;
}
