import { bulkAppender } from "../platform/db/append-rows.ts";
import type { DatabaseHandle } from "../platform/db/connect.ts";

const appendRows = bulkAppender("registered_rfcs", ["key", "since", "changed_on", "flags", "removed_on"]);

/**
 * The first list date of a mode: every RFC appended in key order (the end of the b-tree, pages left
 * full; COPY on PostgreSQL), since = that date, and no history (its "since" is "at least since").
 */
export async function appendFirstSnapshot(
  database: DatabaseHandle,
  input: { listDate: number; snapshot: AsyncIterable<Float64Array> },
): Promise<void> {
  const { listDate } = input;
  await appendRows(
    database,
    (async function* () {
      for await (const batch of input.snapshot) {
        const values: unknown[] = new Array(batch.length * 5);
        let at = 0;
        for (const value of batch) {
          const key = Math.floor(value / 4);
          values[at++] = key;
          values[at++] = listDate;
          values[at++] = listDate;
          values[at++] = value - key * 4;
          values[at++] = null;
        }
        yield values;
      }
    })(),
  );
}
