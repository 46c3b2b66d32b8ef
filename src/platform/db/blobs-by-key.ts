import { sql } from "kysely";
import { compiledOnce, isPostgres } from "./compiled-once.ts";
import type { Db } from "./connect.ts";
import type { Database } from "./schema.ts";

/** A row's key and the new value of its blob column. */
export type BlobByKey = { key: number; blob: Uint8Array };

/**
 * Sets one blob column of many rows, each found by its integer key. On PostgreSQL one statement for any
 * number of rows (two arrays, unnested), prepared once: there a statement's round trip costs more than
 * the small row it writes (decision 0046). On SQLite, in-process, a statement per row.
 */
export function blobsByKeySetter<T extends keyof Database & string>(
  table: T,
  keyColumn: keyof Database[T] & string,
  blobColumn: keyof Database[T] & string,
): (db: Db, rows: readonly BlobByKey[]) => Promise<void> {
  const [into, set, key] = [sql.table(table), sql.ref(blobColumn), sql.ref(keyColumn)];
  const setMany = compiledOnce(
    (_db, a: { keys: number[]; blobs: Uint8Array[] }) => sql`
      update ${into} set ${set} = v.blob from unnest(${a.keys}::bigint[], ${a.blobs}::bytea[]) as v(key, blob)
      where ${into}.${key} = v.key`,
  );
  const setOne = compiledOnce(
    (_db, a: BlobByKey) => sql`update ${into} set ${set} = ${a.blob} where ${key} = ${a.key}`,
  );
  return async (db, rows) => {
    if (rows.length === 0) return;
    if (isPostgres(db))
      return void (await setMany(db, {
        keys: rows.map((row) => row.key),
        blobs: rows.map((row) => row.blob),
      }));
    for (const row of rows) await setOne(db, row);
  };
}
