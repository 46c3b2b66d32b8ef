import type { CompiledQuery } from "kysely";
import type { Db } from "./connect.ts";
import type { Database } from "./schema.ts";

/**
 * A multi-row INSERT compiled once per row count and reused with new values: for tables written
 * hundreds of rows a second (request log, group-committed ledger entries), where building and
 * compiling the statement each time costs more than running it. The rows come as one flat array of
 * values, row after row, each in `columns` order: no object per row.
 */
export function rowInserter<T extends keyof Database & string, C extends keyof Database[T] & string>(
  table: T,
  columns: readonly C[],
): (db: Db, values: unknown[]) => Promise<void> {
  const compiled = new WeakMap<object, Map<number, CompiledQuery>>();
  return async (db, values) => {
    const count = values.length / columns.length;
    if (count === 0) return;
    if (!Number.isInteger(count)) throw new Error(`rowInserter(${table}): values do not fill whole rows`);
    const adapter = db.getExecutor().adapter;
    let byCount = compiled.get(adapter);
    if (!byCount) {
      byCount = new Map();
      compiled.set(adapter, byCount);
    }
    let query = byCount.get(count);
    if (!query) {
      const row = Object.fromEntries(columns.map((column) => [column, null]));
      query = db
        .insertInto(table)
        .values(Array.from({ length: count }, () => row) as never)
        .compile() as CompiledQuery;
      byCount.set(count, query);
    }
    await db.executeQuery({ ...query, parameters: values });
  };
}
