import { type Insertable, type OperationNodeSource, sql } from "kysely";
import type { DatabaseHandle, Db } from "./connect.ts";
import type { Database } from "./schema.ts";

/** An UPDATE … RETURNING, built on whichever connection runs it. */
export type ReturningUpdate<R> = (db: Db) => OperationNodeSource & {
  executeTakeFirst(): Promise<R | undefined>;
};

/**
 * Runs `update` and, only when it changed a row, inserts `rows` into `table`, atomically. On
 * PostgreSQL it is one statement (a round trip instead of four, decision 0027); on SQLite, in-process,
 * a transaction. Answers the row the update returned, or undefined when it changed none.
 */
export async function updateThenInsert<R, T extends keyof Database & string>(
  database: DatabaseHandle,
  update: ReturningUpdate<R>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<R | undefined> {
  if (rows.length === 0) return update(database.db).executeTakeFirst();
  if (database.engine === "sqlite")
    return database.db.transaction().execute(async (trx) => {
      const changed = await update(trx).executeTakeFirst();
      // Kysely cannot type an insert into a table chosen by a type parameter.
      if (changed)
        await trx
          .insertInto(table)
          .values(rows as never)
          .execute();
      return changed;
    });
  const columns = sql.join(Object.keys(rows[0]).map((column) => sql.ref(column)));
  // Every statement in a WITH runs once, to completion; the insert sees the update's RETURNING rows.
  const { rows: changed } = await sql<R>`
    with changed as (${update(database.db)}),
    inserted as (
      insert into ${sql.table(table)} (${columns})
      select ${columns} from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)
      where exists (select 1 from changed)
    )
    select * from changed`.execute(database.db);
  return changed[0];
}
