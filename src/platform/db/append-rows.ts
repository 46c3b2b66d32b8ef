import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { DatabaseHandle } from "./connect.ts";
import { rowInserter } from "./row-inserter.ts";
import type { Database } from "./schema.ts";

/** Rows per INSERT on SQLite: one statement is about a millisecond on the request thread. */
const ROWS_PER_INSERT = 500;

/**
 * Bulk-appends rows given as flat batches of values (row after row, in `columns` order): COPY on
 * PostgreSQL, multi-row INSERTs on SQLite with a turn of the event loop between two of them.
 */
export function bulkAppender<T extends keyof Database & string, C extends keyof Database[T] & string>(
  table: T,
  columns: readonly C[],
): (database: DatabaseHandle, batches: AsyncIterable<unknown[]>) => Promise<void> {
  const insert = rowInserter(table, columns);
  const width = columns.length;
  return async (database, batches) => {
    if (database.copyLines) {
      await database.copyLines(table, columns, textLines(batches, width));
      return;
    }
    for await (const values of batches)
      for (let start = 0; start < values.length; start += ROWS_PER_INSERT * width) {
        await insert(database.db, values.slice(start, start + ROWS_PER_INSERT * width));
        // node:sqlite runs statements synchronously: requests get a turn between two of them.
        await yieldToEventLoop();
      }
  };
}

async function* textLines(batches: AsyncIterable<unknown[]>, width: number): AsyncGenerator<string> {
  for await (const values of batches) {
    let text = "";
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      text += value === null ? "\\N" : String(value);
      text += (i + 1) % width === 0 ? "\n" : "\t";
    }
    yield text;
  }
}
