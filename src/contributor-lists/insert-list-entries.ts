import type { Db } from "../platform/db/connect.ts";
import type { PositionedEntry } from "./sort-entries-by-rfc.ts";

/**
 * Rows per INSERT statement. On SQLite each runs on the request thread (about a millisecond at 250);
 * PostgreSQL loads faster with bigger ones (1M rows: 13 s at 500, 15 s at 250, 17.6 s at 100).
 */
export const INSERT_BATCH_ROWS = 250;

/** One multi-row INSERT (its own short transaction). */
export async function insertListEntries(
  db: Db,
  versionId: number,
  rows: readonly PositionedEntry[],
): Promise<void> {
  const values = rows.map(({ position, entry }) => ({
    version_id: versionId,
    position,
    rfc: entry.rfc,
    sub_list: entry.sub_list,
    situation: entry.situation,
    name: entry.name,
    person_type: entry.person_type,
    state: entry.state,
    suppressed: entry.suppressed ? 1 : 0,
    raw: entry.raw ? JSON.stringify(entry.raw) : null,
  }));
  if (values.length > 0) await db.insertInto("list_entries").values(values).execute();
}
