import { type RawBuilder, sql } from "kysely";
import { compiledOnce, isPostgres } from "./compiled-once.ts";
import type { Db } from "./connect.ts";
import type { Database } from "./schema.ts";

/**
 * `insert into <table> (<columns>) select … from <rows>`, the rows given as one JSON array of objects
 * keyed by column: one statement text for any number of rows, so it is compiled (and, on PostgreSQL,
 * prepared) once. It ends in its FROM clause, so a caller may append a WHERE.
 */
export function insertJsonRows<T extends keyof Database & string>(
  db: Db,
  table: T,
  columns: readonly (keyof Database[T] & string)[],
  json: unknown,
): RawBuilder<unknown> {
  const names = sql.join(columns.map((column) => sql.ref(column)));
  const into = sql`insert into ${sql.table(table)} (${names})`;
  if (isPostgres(db))
    return sql`${into} select ${names} from jsonb_populate_recordset(null::${sql.table(table)}, ${json}::jsonb)`;
  const values = columns.map((column) => sql`json_extract(value, ${`$.${column}`})`);
  return sql`${into} select ${sql.join(values)} from json_each(${json})`;
}

/** An INSERT of any number of rows into `table`, compiled once per engine (decisions 0030, 0038). */
export function jsonRowsInserter<T extends keyof Database & string, R extends Record<string, unknown>>(
  table: T,
  columns: readonly (keyof Database[T] & keyof R & string)[],
): (db: Db, rows: readonly R[]) => Promise<void> {
  const insert = compiledOnce((db, a: { rows: string }) => insertJsonRows(db, table, columns, a.rows));
  return async (db, rows) => {
    if (rows.length > 0) await insert(db, { rows: jsonRowsText(rows) });
  };
}

// JSON.stringify writes a lone surrogate as an escape ("\ud83d") that PostgreSQL's jsonb refuses,
// failing every row of the statement: such a string is written with U+FFFD in its place.
const LONE_SURROGATE_ESCAPE = /\\ud[89a-f]/;
const wellFormed = (_key: string, value: unknown) =>
  typeof value === "string" ? value.toWellFormed() : value;

/** The rows as the one JSON text `insertJsonRows` takes, never with a lone surrogate in it. */
export function jsonRowsText(rows: readonly unknown[]): string {
  const text = JSON.stringify(rows);
  return LONE_SURROGATE_ESCAPE.test(text) ? JSON.stringify(rows, wellFormed) : text;
}
