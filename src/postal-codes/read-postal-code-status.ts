import type { Db } from "../platform/db/connect.ts";
import type { ListMode } from "../platform/db/schema.ts";

/** The imported postal-code catalogs, per mode. */
export async function readPostalCodeStatus(db: Db, mode?: ListMode) {
  let query = db.selectFrom("postal_code_imports").selectAll().orderBy("mode");
  if (mode) query = query.where("mode", "=", mode);
  return (await query.execute()).map((row) => ({
    mode: row.mode,
    codes: Number(row.codes),
    source: row.source,
    imported_at: new Date(Number(row.imported_at)).toISOString(),
  }));
}
