import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Db } from "../platform/db/connect.ts";
import { INSERT_BATCH_ROWS, insertListEntries } from "./insert-list-entries.ts";
import type { ListEntry } from "./list-entry.ts";

/**
 * Entries are written in blocks sorted by RFC: consecutive rows of a statement then land on neighbouring
 * pages of the (version, rfc) index instead of all over it, which is most of an ingest's cost.
 */
export const BLOCK_ROWS = 4_000;

export async function insertSortedBlock(
  db: Db,
  versionId: number,
  block: ListEntry[],
  firstPosition: number,
  onWritten: (rows: number) => void,
) {
  const positions = block.map((_, index) => firstPosition + index);
  positions.sort((a, b) => compareText(block[a - firstPosition].rfc, block[b - firstPosition].rfc));
  for (let start = 0; start < positions.length; start += INSERT_BATCH_ROWS) {
    const slice = positions.slice(start, start + INSERT_BATCH_ROWS);
    const entries = slice.map((position) => block[position - firstPosition]);
    await insertListEntries(db, versionId, entries, slice);
    onWritten(slice.length);
    // node:sqlite runs statements synchronously: let requests in between, or a block would stall them.
    await yieldToEventLoop();
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
