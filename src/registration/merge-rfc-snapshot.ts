import { setTimeout as sleep, setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Db } from "../platform/db/connect.ts";
import { rowsInKeyOrder } from "./rfc-blocks.ts";
import type { RfcRow } from "./rfc-entries.ts";
import { type RfcChange, ROWS_PER_STATEMENT, writeChanges } from "./rfc-rows.ts";

export type SnapshotChanges = { added: number; removed: number; restored: number; flags: number };

/**
 * Applies a list date's snapshot (numbers `key * 4 + flags`, sorted, one per key) to the mode's rows
 * in one pass over both, in key order: only RFCs that were added, removed, restored or changed flags
 * are written, each with a history row. Nothing is visible until the date is published. Below a
 * `writeShare` of 1 it pauses after each write in proportion to it, so lookups keep their pace (0043).
 */
export async function mergeRfcSnapshot(
  db: Db,
  input: { offset: number; listDate: number; snapshot: AsyncIterable<Float64Array>; writeShare?: number },
): Promise<SnapshotChanges> {
  const { listDate, writeShare = 1 } = input;
  const totals: SnapshotChanges = { added: 0, removed: 0, restored: 0, flags: 0 };
  let pending: RfcChange[] = [];
  const flush = async () => {
    const started = performance.now();
    await writeChanges(db, listDate, pending);
    pending = [];
    if (writeShare < 1) await sleep((performance.now() - started) * (1 / writeShare - 1));
    else await yieldToEventLoop();
  };
  const record = (item: RfcChange) => {
    totals[item.kind]++;
    pending.push(item);
  };
  const leave = (row: RfcRow) => {
    if (row.removed_on === null)
      record({
        key: row.key,
        kind: "removed",
        prev: row,
        next: { ...row, changed_on: listDate, removed_on: listDate },
      });
  };
  const current = rowsInKeyOrder(db, input.offset)[Symbol.asyncIterator]();
  let page: RfcRow[] = [];
  let index = 0;
  let exhausted = false;
  const load = async (): Promise<boolean> => {
    const next = await current.next();
    if (next.done) exhausted = true;
    else [page, index] = [next.value, 0];
    return !exhausted;
  };
  for await (const batch of input.snapshot) {
    for (const value of batch) {
      const key = Math.floor(value / 4);
      const flags = value - key * 4;
      let row: RfcRow | null = null;
      for (;;) {
        if (index >= page.length && (exhausted || !(await load()))) break;
        row = page[index];
        if (row.key >= key) break;
        leave(row);
        index++;
        row = null;
      }
      const next = { since: listDate, changed_on: listDate, flags, removed_on: null };
      if (row === null || row.key > key) record({ key, kind: "added", prev: null, next });
      else {
        index++;
        if (row.removed_on !== null) record({ key, kind: "restored", prev: row, next });
        else if (row.flags !== flags)
          record({ key, kind: "flags", prev: row, next: { ...row, changed_on: listDate, flags } });
      }
      if (pending.length >= ROWS_PER_STATEMENT) await flush();
    }
  }
  for (;;) {
    if (index >= page.length && (exhausted || !(await load()))) break;
    leave(page[index++]);
    if (pending.length >= ROWS_PER_STATEMENT) await flush();
  }
  await flush();
  return totals;
}
