import { LIST_MODES } from "../contributor-lists/list-store-types.ts";
import type { Db } from "../platform/db/connect.ts";
import type { ListMode, RegistrationList, RegistrationListsTable } from "../platform/db/schema.ts";
import { dateOfDay } from "./list-date.ts";

const LISTS: readonly RegistrationList[] = ["rfc", "certificates"];

/** A list's row before its first import or sync wrote one: no date, no rows, never synced. */
const notLoaded = (mode: ListMode, list: RegistrationList) => ({
  mode,
  list,
  published_date: null,
  first_date: null,
  row_count: 0,
  published_at: null,
  source: null,
  signers: null,
  last_sync_at: null,
  last_sync_outcome: null,
  last_sync_detail: null,
  import_holder: null,
});

/**
 * Each mode's two lists (loaded or not) as `padron registration status --json`, the dashboard and
 * /v1/data-sources show them.
 */
export async function readRegistrationStatus(db: Db, mode?: ListMode) {
  let query = db.selectFrom("registration_lists").selectAll();
  if (mode) query = query.where("mode", "=", mode);
  const written = await query.execute();
  const rows = (mode ? [mode] : LIST_MODES).flatMap((listMode) =>
    LISTS.map(
      (list): Omit<RegistrationListsTable, "importing_date" | "version" | "import_heartbeat_at"> =>
        written.find((row) => row.mode === listMode && row.list === list) ?? notLoaded(listMode, list),
    ),
  );
  return rows.map((row) => ({
    mode: row.mode,
    list: row.list,
    // The published list date (YYYY-MM-DD), null before the first import.
    date: row.published_date === null ? null : dateOfDay(row.published_date),
    first_date: row.first_date === null ? null : dateOfDay(row.first_date),
    rows: Number(row.row_count),
    published_at: row.published_at === null ? null : new Date(Number(row.published_at)).toISOString(),
    source: row.source,
    signers: row.signers ? (JSON.parse(row.signers) as unknown) : [],
    last_sync:
      row.last_sync_at === null
        ? null
        : {
            at: new Date(Number(row.last_sync_at)).toISOString(),
            outcome: row.last_sync_outcome ?? "",
            detail: row.last_sync_detail,
          },
    importing: row.import_holder !== null,
  }));
}
