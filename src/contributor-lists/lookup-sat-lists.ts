import { batchPerTurn, type TurnBatcher } from "../platform/batch-per-turn.ts";
import type { Db } from "../platform/db/connect.ts";
import { listsMissingFrom } from "./catalog.ts";
import {
  createListLookup,
  type ListLookup,
  type LookupRow,
  MAX_RFCS_PER_LOOKUP,
} from "./list-lookup-query.ts";
import type { ListMode } from "./list-store-types.ts";
import { createVersionFacts, type VersionFactsOf } from "./list-version-facts.ts";

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
  /**
   * The RFC's entries; null when unknown: no list loaded in this mode, or the RFC is in none of the
   * loaded lists while some are missing (an RFC not found then is not "in no list").
   */
  sat_lists: SatListEntry[] | null;
  /** How recent the lists consulted are (ISO 8601); null when no list is loaded in this mode. */
  data_as_of: string | null;
  /** The lists a sync loads that this mode lacks (catalog keys); empty when every one is loaded. */
  missing_lists: string[];
};

type Lookup = { mode: ListMode; rfc: string };

export interface SatListsReader {
  /**
   * Every current listing of an already normalized RFC. The lookups asked during one turn of the event
   * loop share statements (one per mode and up to 64 distinct RFCs), each a consistent view of the lists.
   */
  lookup(mode: ListMode, rfc: string): Promise<SatListsAnswer>;
  /** The entries alone (null: unknown) for the key's mode (test keys read the sandbox's lists): validate's. */
  listedEntries(keyMode: "live" | "test", rfc: string): Promise<SatListEntry[] | null>;
}

/** One per app: its batcher, compiled statements and version facts belong to this database. */
export function createSatListsReader(db: Db): SatListsReader {
  const run = createListLookup(db);
  const versionOf = createVersionFacts();
  const batcher: TurnBatcher<Lookup, SatListsAnswer> = batchPerTurn(
    (lookups) => lookupTogether(run, versionOf, lookups),
    1024,
  );
  const lookup = async (mode: ListMode, rfc: string): Promise<SatListsAnswer> => {
    const answer = await batcher({ mode, rfc });
    return {
      sat_lists: answer.sat_lists?.slice() ?? null,
      data_as_of: answer.data_as_of,
      missing_lists: answer.missing_lists.slice(),
    };
  };
  return {
    lookup,
    listedEntries: async (keyMode, rfc) =>
      (await lookup(keyMode === "test" ? "sandbox" : "live", rfc)).sat_lists,
  };
}

async function lookupTogether(
  run: ListLookup,
  versionOf: VersionFactsOf,
  lookups: readonly Lookup[],
): Promise<SatListsAnswer[]> {
  const answers = new Map<string, SatListsAnswer>();
  const pending = new Map<ListMode, Set<string>>();
  for (const { mode, rfc } of lookups) {
    const rfcs = pending.get(mode) ?? new Set();
    rfcs.add(rfc);
    pending.set(mode, rfcs);
  }
  const statements: Promise<void>[] = [];
  for (const [mode, rfcSet] of pending) {
    const rfcs = [...rfcSet];
    for (let start = 0; start < rfcs.length; start += MAX_RFCS_PER_LOOKUP) {
      const chunk = rfcs.slice(start, start + MAX_RFCS_PER_LOOKUP);
      statements.push(
        run(mode, chunk).then((rows) => {
          const found = answersFrom(versionOf, rows, chunk);
          for (let i = 0; i < chunk.length; i++) answers.set(`${mode}|${chunk[i]}`, found[i]);
        }),
      );
    }
  }
  await Promise.all(statements);
  return lookups.map(({ mode, rfc }) => answers.get(`${mode}|${rfc}`) as SatListsAnswer);
}

type Found = SatListEntry & { order: number; position: number };

/** Entries come out by article, then in catalog order of their file, then in file order. */
function answersFrom(
  versionOf: VersionFactsOf,
  rows: readonly LookupRow[],
  rfcs: readonly string[],
): SatListsAnswer[] {
  let newest: number | null = null;
  const byRfc = new Map<string, Found[]>();
  const loaded = new Set<string>();
  for (const row of rows) {
    loaded.add(row.list_key);
    const version = versionOf(row);
    if (newest === null || version.asOf > newest) newest = version.asOf;
    if (row.rfc === null || row.position === null) continue;
    let found = byRfc.get(row.rfc);
    if (!found) {
      found = [];
      byRfc.set(row.rfc, found);
    }
    found.push({
      order: version.order,
      position: row.position,
      article: row.article,
      sub_list: row.sub_list ?? "",
      situation: row.situation ?? "",
      name: row.name ?? "",
      person_type: row.person_type ?? "",
      state: row.state ?? "",
    });
  }
  const dataAsOf = newest === null ? null : new Date(newest).toISOString();
  const missing = listsMissingFrom(loaded);
  return rfcs.map((rfc) => {
    const found = byRfc.get(rfc);
    return {
      sat_lists: found ? found.sort(byListThenPosition).map(toEntry) : missing.length > 0 ? null : [],
      data_as_of: dataAsOf,
      missing_lists: missing,
    };
  });
}

const byListThenPosition = (a: Found, b: Found) => a.order - b.order || a.position - b.position;
const toEntry = (found: Found): SatListEntry => ({
  article: found.article,
  sub_list: found.sub_list,
  situation: found.situation,
  name: found.name,
  person_type: found.person_type,
  state: found.state,
});
