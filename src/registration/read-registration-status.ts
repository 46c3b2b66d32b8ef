import type { Db } from "../platform/db/connect.ts";
import type { ListMode } from "../platform/db/schema.ts";
import { dateOfDay } from "./list-date.ts";

/** Each mode's lists as `padron registration status --json`, the dashboard and /v1/data-sources show them. */
export async function readRegistrationStatus(db: Db, mode?: ListMode) {
  let query = db.selectFrom("registration_lists").selectAll().orderBy("mode").orderBy("list", "desc");
  if (mode) query = query.where("mode", "=", mode);
  const rows = await query.execute();
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
