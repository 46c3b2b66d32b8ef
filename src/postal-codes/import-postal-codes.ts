import type { Db } from "../platform/db/connect.ts";
import type { ListMode } from "../platform/db/schema.ts";
import type { PostalSettlement } from "../upstreams/postal-catalog/port.ts";

const BATCH = 500;

export type PostalImportGuard = {
  /** Refuse a catalog with fewer codes than this share of the current one (a truncated file). */
  minCodeRatio: number;
  force?: boolean;
};

/** Replaces a mode's catalog in one transaction: readers see the old catalog or the new one, never half. */
export async function importPostalCodes(
  db: Db,
  mode: ListMode,
  settlements: readonly PostalSettlement[],
  source: string,
  guard: PostalImportGuard,
) {
  const rows = [...Map.groupBy(settlements, (row) => row.zip)].map(([zip, sameZip]) => ({
    mode,
    zip,
    state_code: sameZip[0].stateCode,
    state: sameZip[0].state,
    municipality: sameZip[0].municipality,
    settlements: sameZip.length,
  }));
  const summary = { mode, codes: rows.length, settlements: settlements.length };
  const record = { ...summary, source, imported_at: Date.now() };
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto("postal_code_imports")
      .values(record)
      .onConflict((oc) => oc.column("mode").doNothing())
      .executeTakeFirst();
    if (Number(created.numInsertedOrUpdatedRows ?? 0) === 0) {
      // Writing the mode's row first holds it until commit: a second import waits here, then replaces this one.
      await trx
        .updateTable("postal_code_imports")
        .set((eb) => ({ codes: eb.ref("codes") }))
        .where("mode", "=", mode)
        .execute();
      const current = await trx
        .selectFrom("postal_code_imports")
        .select("codes")
        .where("mode", "=", mode)
        .executeTakeFirstOrThrow();
      if (!guard.force && rows.length < guard.minCodeRatio * Number(current.codes)) {
        const reason = `${rows.length} postal codes against ${current.codes} in the current ${mode} catalog (below ${guard.minCodeRatio} of it)`;
        return { ...summary, status: "rejected" as const, reason };
      }
      await trx.updateTable("postal_code_imports").set(record).where("mode", "=", mode).execute();
    }
    await trx.deleteFrom("postal_codes").where("mode", "=", mode).execute();
    for (let start = 0; start < rows.length; start += BATCH) {
      await trx
        .insertInto("postal_codes")
        .values(rows.slice(start, start + BATCH))
        .execute();
    }
    return { ...summary, status: "imported" as const };
  });
}
