import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Db } from "../platform/db/connect.ts";
import { insertRfcRows, ROWS_PER_STATEMENT } from "./rfc-rows.ts";

/**
 * The first list date of a mode: every RFC appended in key order (the end of the b-tree, pages left
 * full), since = that date, and no history (an RFC's "since" is then "at least since").
 */
export async function appendFirstSnapshot(
  db: Db,
  input: { listDate: number; snapshot: AsyncIterable<Float64Array> },
): Promise<void> {
  const { listDate } = input;
  const values: unknown[] = new Array(ROWS_PER_STATEMENT * 5);
  let filled = 0;
  for await (const batch of input.snapshot) {
    for (const value of batch) {
      const key = Math.floor(value / 4);
      values[filled++] = key;
      values[filled++] = listDate;
      values[filled++] = listDate;
      values[filled++] = value - key * 4;
      values[filled++] = null;
      if (filled < values.length) continue;
      await insertRfcRows(db, values);
      filled = 0;
      // node:sqlite runs statements synchronously: requests get a turn between two of them.
      await yieldToEventLoop();
    }
  }
  await insertRfcRows(db, values.slice(0, filled));
}
