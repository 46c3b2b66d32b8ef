import { type Compilable, type Insertable, type OperationNodeSource, sql } from "kysely";
import { compiledOnce } from "./compiled-once.ts";
import type { DatabaseHandle, Db } from "./connect.ts";
import { insertJsonRows, jsonRowsInserter, jsonRowsText } from "./json-rows.ts";
import type { Database } from "./schema.ts";

/**
 * An UPDATE … RETURNING that, only when it changed a row, inserts rows into `table`, atomically;
 * compiled once per engine at load (decisions 0030, 0038), the rows passed as one JSON value. On PostgreSQL
 * it is one statement (a round trip instead of four, decision 0027); on SQLite, in-process, two in a
 * transaction. Answers the updated row, or undefined when it changed none.
 */
export function updateThenInsert<A extends Record<string, unknown>, R, T extends keyof Database & string>(
  update: (db: Db, args: A) => Compilable<R> & OperationNodeSource,
  table: T,
  columns: readonly (keyof Database[T] & keyof Insertable<Database[T]> & string)[],
): (database: DatabaseHandle, args: A, rows: readonly Insertable<Database[T]>[]) => Promise<R | undefined> {
  // Every statement in a WITH runs once, to completion; the insert sees the update's RETURNING rows.
  const inOneStatement = compiledOnce(
    (db, a: A & { rows: string }) => sql<R>`
      with changed as (${update(db, a)}),
      inserted as (${insertJsonRows(db, table, columns, a.rows)} where exists (select 1 from changed))
      select * from changed`,
  );
  const updateOnly = compiledOnce(update);
  const insertRows = jsonRowsInserter(table, columns);
  return async (database, args, rows) => {
    if (database.engine === "postgres")
      return (await inOneStatement(database.db, { ...args, rows: jsonRowsText(rows) }))[0];
    return database.db.transaction().execute(async (trx) => {
      const [changed] = await updateOnly(trx, args);
      if (changed) await insertRows(trx, rows);
      return changed;
    });
  };
}
