import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "../platform/db/connect.ts";
import { markImporting } from "./import-records.ts";
import { type BlockWrite, blocksInKeyOrder, replaceBlocks, splitBlock } from "./rfc-blocks.ts";
import { BLOCK_ENTRIES, type RfcRow } from "./rfc-entries.ts";
import { type KeyMode, keyOffset, MODE_KEY_SPAN } from "./rfc-key.ts";
import { type RfcChange, ROWS_PER_STATEMENT, writeHistory } from "./rfc-rows.ts";

export type SnapshotChanges = { added: number; removed: number; restored: number; flags: number };

/** A block the merge holds: its first key as stored (null: not stored yet) and its rows. */
type HeldBlock = { firstKey: number | null; rows: RfcRow[] };

/** Past this many rows a block being merged is written at once, so a merge's memory stays bounded. */
export const MERGED_ROWS_HELD = 8 * BLOCK_ENTRIES;

/**
 * Applies a list date's snapshot (numbers `key * 4 + flags`, sorted, one per key) to the mode's blocks
 * in one pass over both, in key order: only blocks where an RFC was added, removed, restored or changed
 * flags are written back, from the entries the pass read (decision 0044), after a history row for each
 * change. Nothing is visible until the date is published: readers are told first to take the date's
 * history rows for what they would read (markImporting). Below a `writeShare` of 1 it pauses after
 * each write in proportion to it, so lookups keep their pace (0043).
 */
export async function mergeRfcSnapshot(
  db: Db,
  input: { mode: KeyMode; listDate: number; snapshot: AsyncIterable<Float64Array>; writeShare?: number },
): Promise<SnapshotChanges> {
  const { listDate, writeShare = 1 } = input;
  const offset = keyOffset(input.mode);
  await markImporting(db, input.mode, listDate);
  const totals: SnapshotChanges = { added: 0, removed: 0, restored: 0, flags: 0 };
  let changes: RfcChange[] = [];
  let writes: BlockWrite[] = [];
  const flush = async () => {
    const started = performance.now();
    await writeHistory(db, listDate, changes);
    await replaceBlocks(db, writes);
    [changes, writes] = [[], []];
    if (writeShare < 1) await sleep((performance.now() - started) * (1 / writeShare - 1));
  };
  const snapshot = cursorOver(input.snapshot);

  /** Merges the snapshot's keys below `end` into a block (firstKey null: none yet), queueing its write. */
  const mergeBlock = async (block: HeldBlock, end: number) => {
    let { firstKey, rows: old } = block;
    let [at, rows, changed] = [0, [] as RfcRow[], false];
    const keep = (row: RfcRow, change?: RfcChange) => {
      rows.push(row);
      if (!change) return;
      totals[change.kind]++;
      changes.push(change);
      changed = true;
    };
    for (;;) {
      const more = snapshot.at < snapshot.batch.length || (await snapshot.more());
      const value = more ? snapshot.batch[snapshot.at] : Number.NaN;
      const key = more ? Math.floor(value / 4) : end;
      for (; at < old.length && old[at].key < Math.min(key, end); at++) {
        const row = old[at];
        if (row.removed_on !== null) keep(row);
        else {
          const removed = { ...row, changed_on: listDate, removed_on: listDate };
          keep(removed, { key: row.key, kind: "removed", prev: row, next: removed });
        }
      }
      if (key >= end) break;
      snapshot.at++;
      const flags = value - key * 4;
      const row = old[at]?.key === key ? old[at++] : null;
      const next = { since: listDate, changed_on: listDate, flags, removed_on: null };
      if (row === null) keep({ key, ...next }, { key, kind: "added", prev: null, next });
      else if (row.removed_on !== null) keep({ key, ...next }, { key, kind: "restored", prev: row, next });
      else if (row.flags === flags) keep(row);
      else {
        const flagged = { ...row, changed_on: listDate, flags };
        keep(flagged, { key, kind: "flags", prev: row, next: flagged });
      }
      if (rows.length < MERGED_ROWS_HELD) continue;
      // The rows not merged yet go with it as a block of their own, which the merge goes on with.
      const rest = old.slice(at);
      writes.push({ firstKey, blocks: [...splitBlock(rows), ...(rest.length > 0 ? [rest] : [])] });
      [firstKey, old, at, rows, changed] = [rest[0]?.key ?? null, rest, 0, [], false];
    }
    if (changed) writes.push({ firstKey, blocks: splitBlock(rows) });
  };

  const stored = blocksInKeyOrder(db, offset)[Symbol.asyncIterator]();
  let following = await stored.next();
  let block: HeldBlock = following.done ? { firstKey: null, rows: [] } : following.value;
  for (;;) {
    // The next block is read before this one is written: the parts a write splits off are never read.
    following = await stored.next();
    await mergeBlock(block, following.done ? offset + MODE_KEY_SPAN : following.value.firstKey);
    if (changes.length >= ROWS_PER_STATEMENT) await flush();
    if (following.done) break;
    block = following.value;
  }
  await flush();
  return totals;
}

/** The snapshot's values one at a time: `batch[at]` is the next while `at` is inside the batch. */
function cursorOver(batches: AsyncIterable<Float64Array>) {
  const iterator = batches[Symbol.asyncIterator]();
  const cursor = {
    batch: new Float64Array(0) as Float64Array,
    at: 0,
    /** Whether a value is left, reading the next batch when this one is used up. */
    async more(): Promise<boolean> {
      while (cursor.at >= cursor.batch.length) {
        const read = await iterator.next();
        if (read.done) return false;
        [cursor.batch, cursor.at] = [read.value, 0];
      }
      return true;
    },
  };
  return cursor;
}
