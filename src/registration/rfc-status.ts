import { findEntry } from "./rfc-entries.ts";

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

/** The list's row as `readRegistration` reads it: its dates, the RFC's block, any unpublished change. */
export type RfcListRow = {
  published_date: number | null;
  first_date: number | null;
  unpublished_date: number | null;
  prev_since: number | null;
  prev_flags: number | null;
  prev_removed_on: number | null;
  entries: Uint8Array | null;
};

/** The status of the RFC with `key` from the list's row (none: no list imported yet). */
export function rfcStatusOf(found: RfcListRow | undefined, key: number): RfcStatus {
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
