import { bulkAppender } from "../platform/db/append-rows.ts";
import type { DatabaseHandle } from "../platform/db/connect.ts";
import { BLOCK_ENTRIES, ENTRY_BYTES, type RfcRow, view, writeEntry } from "./rfc-entries.ts";

// 32 blocks (4,096 RFCs, 57 KB) per INSERT on SQLite: about a millisecond like other bulk inserts.
const appendBlocks = bulkAppender("registered_rfc_blocks", ["first_key", "entries"], { rowsPerInsert: 32 });

/**
 * The first list date of a mode: every RFC in full blocks of 128, appended in key order (the end of
 * the b-tree, pages left full; COPY on PostgreSQL), since = that date, and no history (its "since" is
 * "at least since").
 */
export async function appendFirstSnapshot(
  database: DatabaseHandle,
  input: { listDate: number; snapshot: AsyncIterable<Float64Array> },
): Promise<void> {
  await appendBlocks(database, fullBlocks(input.listDate, input.snapshot));
}

/** Flat [first_key, entries, …] batches; the entries of the last block of a batch carry over. */
async function* fullBlocks(
  listDate: number,
  snapshot: AsyncIterable<Float64Array>,
): AsyncGenerator<unknown[]> {
  const entry: RfcRow = { key: 0, since: listDate, changed_on: listDate, flags: 0, removed_on: null };
  let block = new Uint8Array(BLOCK_ENTRIES * ENTRY_BYTES);
  let data = view(block);
  let filled = 0;
  let firstKey = 0;
  let values: unknown[] = [];
  for await (const batch of snapshot) {
    for (const value of batch) {
      entry.key = Math.floor(value / 4);
      entry.flags = value - entry.key * 4;
      if (filled === 0) firstKey = entry.key;
      writeEntry(data, filled++, entry);
      if (filled === BLOCK_ENTRIES) {
        values.push(firstKey, block);
        block = new Uint8Array(BLOCK_ENTRIES * ENTRY_BYTES);
        data = view(block);
        filled = 0;
      }
    }
    if (values.length > 0) yield values;
    values = [];
  }
  if (filled > 0) yield [firstKey, block.subarray(0, filled * ENTRY_BYTES)];
}
