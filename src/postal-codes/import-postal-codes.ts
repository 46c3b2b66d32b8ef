import type { Db } from "../platform/db/connect.ts";
import type { ListMode } from "../platform/db/schema.ts";
import type { PostalSettlement } from "../upstreams/postal-catalog/port.ts";

const BATCH = 500;

/** Replaces a mode's catalog in one transaction: readers see the old catalog or the new one, never half. */
export async function importPostalCodes(
  db: Db,
  mode: ListMode,
  settlements: readonly PostalSettlement[],
  source: string,
) {
  const rows = [...Map.groupBy(settlements, (row) => row.zip)].map(([zip, sameZip]) => ({
    mode,
    zip,
    state_code: sameZip[0].stateCode,
    state: sameZip[0].state,
    municipality: sameZip[0].municipality,
    settlements: sameZip.length,
  }));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("postal_codes").where("mode", "=", mode).execute();
    for (let start = 0; start < rows.length; start += BATCH) {
      await trx
        .insertInto("postal_codes")
        .values(rows.slice(start, start + BATCH))
        .execute();
    }
    await trx.deleteFrom("postal_code_imports").where("mode", "=", mode).execute();
    await trx
      .insertInto("postal_code_imports")
      .values({ mode, codes: rows.length, settlements: settlements.length, source, imported_at: Date.now() })
      .execute();
  });
  return { mode, codes: rows.length, settlements: settlements.length };
}
