import { compiledOnce } from "../platform/db/compiled-once.ts";
import type { Db } from "../platform/db/connect.ts";
import type { ListMode } from "../platform/db/schema.ts";
import { modeStartOf } from "./rfc-blocks.ts";
import { findEntry } from "./rfc-entries.ts";
import { rfcKey } from "./rfc-key.ts";

/** What the published registered-RFC list says about one RFC; `listDate` null: none imported yet. */
export type RfcStatus = {
  listDate: number | null;
  registered: boolean | null;
  /** The start of its current (or last) stay on the list. */
  since: number | null;
  /** False when `since` is the first list date imported: on the list at least since then. */
  sinceExact: boolean;
  removedOn: number | null;
  sncf: boolean | null;
  subcontracting: boolean | null;
};

/**
 * One statement, so one consistent state: the published date, the block that would hold the RFC and,
 * when an import not yet published changed the RFC, its history row (the state readers must still see).
 */
const statusQuery = compiledOnce((db, a: { mode: ListMode; key: number; modeStart: number }) =>
  db
    .selectFrom("registration_lists as l")
    // The one date after the published one (an import undoes a killed one's before writing) by an
    // index seek, then the RFC's row of that date: not a scan of an import's changes so far.
    .leftJoin("registered_rfc_changes as c", (join) =>
      join.on("c.key", "=", a.key).on((eb) =>
        eb(
          "c.list_date",
          "=",
          eb
            .selectFrom("registered_rfc_changes as u")
            .select((u) => u.fn.min("u.list_date").as("list_date"))
            .whereRef("u.list_date", ">", "l.published_date"),
        ),
      ),
    )
    .select((eb) => [
      "l.published_date",
      "l.first_date",
      "c.list_date as unpublished_date",
      "c.prev_since",
      "c.prev_flags",
      "c.prev_removed_on",
      eb
        .selectFrom("registered_rfc_blocks as b")
        .select("b.entries")
        .where("b.first_key", ">=", a.modeStart)
        .where("b.first_key", "<=", a.key)
        .orderBy("b.first_key", "desc")
        .limit(1)
        .as("entries"),
    ])
    .where("l.mode", "=", a.mode)
    .where("l.list", "=", "rfc"),
);

export async function readRfcStatus(db: Db, mode: ListMode, rfc: string): Promise<RfcStatus> {
  const key = rfcKey(rfc, mode);
  const [found] = await statusQuery(db, { mode, key, modeStart: modeStartOf(key) });
  const none = { since: null, sinceExact: false, removedOn: null, sncf: null, subcontracting: null };
  if (!found || found.published_date === null) return { listDate: null, registered: null, ...none };
  const state =
    found.unpublished_date !== null
      ? found.prev_since === null
        ? null
        : { since: found.prev_since, flags: found.prev_flags ?? 0, removed_on: found.prev_removed_on }
      : found.entries
        ? findEntry(found.entries, key)
        : null;
  if (!state) return { listDate: found.published_date, registered: false, ...none };
  const registered = state.removed_on === null;
  return {
    listDate: found.published_date,
    registered,
    since: state.since,
    sinceExact: state.since !== found.first_date,
    removedOn: state.removed_on,
    sncf: registered ? (state.flags & 1) === 1 : null,
    subcontracting: registered ? (state.flags & 2) === 2 : null,
  };
}
