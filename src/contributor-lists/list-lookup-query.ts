import { CompiledQuery } from "kysely";
import type { Db } from "../platform/db/connect.ts";
import type { ListMode } from "./list-store-types.ts";

/** One row per current list of the mode: each entry of a looked-up RFC, or one row of nulls. */
export type LookupRow = {
  list_key: string;
  version_id: number;
  article: string;
  content_date: string | null;
  last_modified: string | null;
  fetched_at: number;
  rfc: string | null;
  position: number | null;
  sub_list: string | null;
  situation: string | null;
  name: string | null;
  person_type: string | null;
  state: string | null;
};

/** Most RFCs asked in one statement; fewer are padded up to a power of two (one compiled query each). */
export const MAX_RFCS_PER_LOOKUP = 64;
// No entry has an empty RFC, so padding matches nothing.
const PADDING = "";

function lookupQuery(db: Db, mode: string, rfcs: string[]) {
  return db
    .selectFrom("list_current as c")
    .innerJoin("list_versions as v", "v.id", "c.version_id")
    .leftJoin("list_entries as e", (join) =>
      join.onRef("e.version_id", "=", "c.version_id").on("e.rfc", "in", rfcs).on("e.suppressed", "=", 0),
    )
    .select([
      "c.list_key",
      "v.id as version_id",
      "v.article",
      "v.content_date",
      "v.last_modified",
      "v.fetched_at",
      "e.rfc",
      "e.position",
      "e.sub_list",
      "e.situation",
      "e.name",
      "e.person_type",
      "e.state",
    ])
    .where("c.mode", "=", mode as ListMode);
}

const MODE_SLOT = "\u0000mode";
const rfcSlot = (index: number) => `\u0000rfc${index}`;

/**
 * Every current listing of up to MAX_RFCS_PER_LOOKUP normalized RFCs, in ONE statement through the
 * `list_current` pointers: it sees each list's old or new version, never a mix; suppressed rows never match.
 */
export type ListLookup = (mode: ListMode, rfcs: readonly string[]) => Promise<LookupRow[]>;

// The hot path of sat-lists and validate: each size is compiled once and run with the parameters
// swapped in, instead of paying Kysely's builder and compiler on every lookup.
export function createListLookup(db: Db): ListLookup {
  const templates = new Map<number, CompiledQuery>();
  const templateFor = (size: number): CompiledQuery => {
    let template = templates.get(size);
    if (!template) {
      const slots = Array.from({ length: size }, (_, index) => rfcSlot(index));
      template = lookupQuery(db, MODE_SLOT, slots).compile();
      templates.set(size, template);
    }
    return template;
  };
  return async (mode, rfcs) => {
    if (rfcs.length === 0 || rfcs.length > MAX_RFCS_PER_LOOKUP)
      throw new RangeError(`1 to ${MAX_RFCS_PER_LOOKUP} RFCs per lookup, got ${rfcs.length}`);
    let size = 1;
    while (size < rfcs.length) size *= 2;
    const template = templateFor(size);
    const parameters = template.parameters.map((value) => {
      if (value === MODE_SLOT) return mode;
      if (typeof value !== "string" || !value.startsWith("\u0000rfc")) return value;
      return rfcs[Number(value.slice(4))] ?? PADDING;
    });
    const result = await db.executeQuery<LookupRow>(CompiledQuery.raw(template.sql, parameters));
    return result.rows;
  };
}
