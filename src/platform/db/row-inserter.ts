import type { CompiledQuery } from "kysely";
import type { Db } from "./connect.ts";
import type { Database } from "./schema.ts";

/**
 * A multi-row INSERT compiled once per row count and reused with new values: for tables written
 * hundreds of rows a second (request log, group-committed ledger entries), where building and
 * compiling the statement each time costs more than running it.
 */
export function rowInserter<T extends keyof Database & string, C extends keyof Database[T] & string>(
  table: T,
  columns: readonly C[],
): (db: Db, rows: readonly Partial<Record<C, unknown>>[]) => Promise<void> {
  const compiled = new WeakMap<object, Map<number, CompiledQuery>>();
  return async (db, rows) => {
    if (rows.length === 0) return;
    const parameters: unknown[] = new Array(rows.length * columns.length);
    let next = 0;
    for (const row of rows) for (const column of columns) parameters[next++] = row[column] ?? null;
    const adapter = db.getExecutor().adapter;
    let byCount = compiled.get(adapter);
    if (!byCount) {
      byCount = new Map();
      compiled.set(adapter, byCount);
    }
    let query = byCount.get(rows.length);
    if (!query) {
      const values = rows.map((row) =>
        Object.fromEntries(columns.map((column) => [column, row[column] ?? null])),
      );
      query = db
        .insertInto(table)
        .values(values as never)
        .compile() as CompiledQuery;
      if (query.parameters.length !== parameters.length)
        throw new Error(`rowInserter(${table}): expected ${parameters.length} parameters`);
      byCount.set(rows.length, query);
    }
    await db.executeQuery({ ...query, parameters });
  };
}
