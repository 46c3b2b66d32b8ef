import type { Db } from "../platform/db/connect.ts";
import { coveringBlock, modeStartOf, replaceBlocks, splitBlock } from "./rfc-blocks.ts";
import type { RfcState } from "./rfc-entries.ts";
import { MODE_KEY_SPAN } from "./rfc-key.ts";

export const CHANGE_KINDS = { added: 1, removed: 2, restored: 3, flags: 4 } as const;
export type ChangeKind = keyof typeof CHANGE_KINDS;

/** What one list date did to one RFC: the state before (null: never seen) and after (null: no row). */
export type RfcChange = { key: number; kind: ChangeKind; prev: RfcState | null; next: RfcState | null };

/** Changes per statement: few, so an import holds the event loop only briefly (decision 0028). */
export const ROWS_PER_STATEMENT = 100;

/**
 * The history rows of a list date's changes, ROWS_PER_STATEMENT to a statement, written before the rows:
 * an import killed in between leaves history that undoes it (undo-unpublished.ts), never a changed row
 * without its previous state.
 */
export async function writeHistory(db: Db, listDate: number, changes: readonly RfcChange[]): Promise<void> {
  for (let at = 0; at < changes.length; at += ROWS_PER_STATEMENT) {
    const history = changes.slice(at, at + ROWS_PER_STATEMENT).map(({ key, kind, prev, next }) => ({
      list_date: listDate,
      key,
      kind: CHANGE_KINDS[kind],
      flags: next?.flags ?? prev?.flags ?? 0,
      prev_since: prev?.since ?? null,
      prev_changed_on: prev?.changed_on ?? null,
      prev_flags: prev?.flags ?? null,
      prev_removed_on: prev?.removed_on ?? null,
    }));
    await db.insertInto("registered_rfc_changes").values(history).execute();
  }
}

/**
 * Upserts each row to its state, or deletes it when the state is null: the block covering each run
 * of the sorted keys is read, changed and written back (atomically, replaceBlocks); only one importer
 * writes, so reading a block outside that transaction sees what it replaces. node:sqlite runs
 * statements synchronously, so requests get a turn after each block (decision 0028).
 */
export async function setRows(
  db: Db,
  rows: readonly { key: number; state: RfcState | null }[],
): Promise<void> {
  const sorted = [...rows].sort((a, b) => a.key - b.key);
  for (let at = 0; at < sorted.length; ) {
    const block = await coveringBlock(db, sorted[at].key);
    const end = block?.nextFirstKey ?? modeStartOf(sorted[at].key) + MODE_KEY_SPAN;
    const byKey = new Map((block?.rows ?? []).map((row) => [row.key, row]));
    for (; at < sorted.length && sorted[at].key < end; at++) {
      const { key, state } = sorted[at];
      if (state) byKey.set(key, { key, ...state });
      else byKey.delete(key);
    }
    const merged = [...byKey.values()].sort((a, b) => a.key - b.key);
    await replaceBlocks(db, [{ firstKey: block?.firstKey ?? null, blocks: splitBlock(merged) }]);
  }
}
