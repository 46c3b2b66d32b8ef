import { PostgresAdapter, type RawBuilder, sql } from "kysely";
import { compiledOnce } from "./compiled-once.ts";
import type { Db } from "./connect.ts";
import type { Database } from "./schema.ts";

/**
 * `select <columns> from <rows>`, the rows given as one JSON array of objects keyed by column: one
 * statement text for any number of rows, so it is compiled (and, on PostgreSQL, prepared) once.
 */
export function selectJsonRows<T extends keyof Database & string>(
  db: Db,
  table: T,
  columns: readonly (keyof Database[T] & string)[],
  json: unknown,
): RawBuilder<unknown> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const names = sql.join(columns.map((column) => sql.ref(column)));
    return sql`select ${names} from jsonb_populate_recordset(null::${sql.table(table)}, ${json}::jsonb)`;
  }
  const values = columns.map((column) => sql`json_extract(value, ${`$.${column}`})`);
  return sql`select ${sql.join(values)} from json_each(${json})`;
}

/** An INSERT of any number of rows into `table`, compiled once per engine (decision 0030). */
export function jsonRowsInserter<T extends keyof Database & string, R extends Record<string, unknown>>(
  table: T,
  columns: readonly (keyof Database[T] & keyof R & string)[],
): (db: Db, rows: readonly R[]) => Promise<void> {
  const insert = compiledOnce(
    (db, a: { rows: string }) =>
      sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) ${selectJsonRows(db, table, columns, a.rows)}`,
  );
  return async (db, rows) => {
    if (rows.length > 0) await insert(db, { rows: JSON.stringify(rows) });
  };
}
