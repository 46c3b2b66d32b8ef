import type { Db } from "../platform/db/connect.ts";
import type { ListMode } from "../platform/db/schema.ts";
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
 * One statement: the published date and the RFC's row; a row changed by an import not yet published
 * is read as it was, from its history row.
 */
export async function readRfcStatus(db: Db, mode: ListMode, rfc: string): Promise<RfcStatus> {
  const key = rfcKey(rfc, mode);
  const found = await db
    .selectFrom("registration_lists as l")
    .leftJoin("registered_rfcs as r", (join) => join.on("r.key", "=", key))
    .leftJoin("registered_rfc_changes as c", (join) =>
      join.onRef("c.list_date", "=", "r.changed_on").onRef("c.key", "=", "r.key"),
    )
    .select([
      "l.published_date",
      "l.first_date",
      "r.since",
      "r.changed_on",
      "r.flags",
      "r.removed_on",
      "c.prev_since",
      "c.prev_flags",
      "c.prev_removed_on",
    ])
    .where("l.mode", "=", mode)
    .where("l.list", "=", "rfc")
    .executeTakeFirst();
  const none = { since: null, sinceExact: false, removedOn: null, sncf: null, subcontracting: null };
  if (!found || found.published_date === null) return { listDate: null, registered: null, ...none };
  const unpublished = found.changed_on !== null && found.changed_on > found.published_date;
  const state = unpublished
    ? found.prev_since === null
      ? null
      : { since: found.prev_since, flags: found.prev_flags ?? 0, removed_on: found.prev_removed_on }
    : found.since === null
      ? null
      : { since: found.since, flags: found.flags ?? 0, removed_on: found.removed_on };
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
