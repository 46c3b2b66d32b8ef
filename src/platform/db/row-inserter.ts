import type { CompiledQuery } from "kysely";
import type { Db } from "./connect.ts";
import type { Database } from "./schema.ts";

/**
 * A multi-row INSERT into `db`, compiled once per row count and reused with new values for as long
 * as the caller keeps it (one bulk append). The rows come as one flat array of values, row after row,
 * each in `columns` order: no object per row.
 */
export function rowInserter<T extends keyof Database & string, C extends keyof Database[T] & string>(
  db: Db,
  table: T,
  columns: readonly C[],
): (values: unknown[]) => Promise<void> {
  const byCount = new Map<number, CompiledQuery>();
  return async (values) => {
    const count = values.length / columns.length;
    if (count === 0) return;
    if (!Number.isInteger(count)) throw new Error(`rowInserter(${table}): values do not fill whole rows`);
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
