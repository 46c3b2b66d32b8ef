import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Db } from "../platform/db/connect.ts";
import { rowInserter } from "../platform/db/row-inserter.ts";
import { MODE_KEY_SPAN } from "./rfc-key.ts";

/** A registered_rfcs row's state; `removed_on` set = off the list since then. */
export type RfcState = { since: number; changed_on: number; flags: number; removed_on: number | null };
export type RfcRow = RfcState & { key: number };

export const CHANGE_KINDS = { added: 1, removed: 2, restored: 3, flags: 4 } as const;
export type ChangeKind = keyof typeof CHANGE_KINDS;

/** What one list date did to one RFC: the state before (null: never seen) and after (null: no row). */
export type RfcChange = { key: number; kind: ChangeKind; prev: RfcState | null; next: RfcState | null };

/** Rows per statement: 5 or 8 columns stay far below SQLite's bound-parameter limit. */
export const ROWS_PER_STATEMENT = 500;

export const insertRfcRows = rowInserter("registered_rfcs", [
  "key",
  "since",
  "changed_on",
  "flags",
  "removed_on",
]);
const insertChangeRows = rowInserter("registered_rfc_changes", [
  "list_date",
  "key",
  "kind",
  "flags",
  "prev_since",
  "prev_changed_on",
  "prev_flags",
  "prev_removed_on",
]);

/**
 * The history rows first, then the rows themselves: an import killed in between leaves history that
 * undoes it (undo-unpublished.ts), never a changed row without its previous state.
 */
export async function writeChanges(db: Db, listDate: number, changes: readonly RfcChange[]): Promise<void> {
  if (changes.length === 0) return;
  const history: unknown[] = [];
  for (const { key, kind, prev, next } of changes)
    history.push(
      listDate,
      key,
      CHANGE_KINDS[kind],
      next?.flags ?? prev?.flags ?? 0,
      prev?.since ?? null,
      prev?.changed_on ?? null,
      prev?.flags ?? null,
      prev?.removed_on ?? null,
    );
  await insertChangeRows(db, history);
  await setRows(
    db,
    changes.map(({ key, next }) => ({ key, state: next })),
  );
}

/** Upserts each row to its state, or deletes it when the state is null. */
export async function setRows(
  db: Db,
  rows: readonly { key: number; state: RfcState | null }[],
): Promise<void> {
  const gone = rows.filter((row) => row.state === null).map((row) => row.key);
  const kept = rows.flatMap(({ key, state }) => (state ? [{ key, ...state }] : []));
  if (gone.length > 0) await db.deleteFrom("registered_rfcs").where("key", "in", gone).execute();
  if (kept.length > 0)
    await db
      .insertInto("registered_rfcs")
      .values(kept)
      .onConflict((oc) =>
        oc.column("key").doUpdateSet((eb) => ({
          since: eb.ref("excluded.since"),
          changed_on: eb.ref("excluded.changed_on"),
          flags: eb.ref("excluded.flags"),
          removed_on: eb.ref("excluded.removed_on"),
        })),
      )
      .execute();
}

/** Every row of a mode in key order, a page at a time. */
export async function* rowsInKeyOrder(db: Db, offset: number, pageSize = 10_000): AsyncGenerator<RfcRow[]> {
  let after = offset - 1;
  for (;;) {
    const page = await db
      .selectFrom("registered_rfcs")
      .select(["key", "since", "changed_on", "flags", "removed_on"])
      .where("key", ">", after)
      .where("key", "<", offset + MODE_KEY_SPAN)
      .orderBy("key")
      .limit(pageSize)
      .execute();
    if (page.length === 0) return;
    after = page[page.length - 1].key;
    // Keys are below 2^53: both drivers give them as numbers (pg's BIGINT parser, connect.ts).
    yield page;
    await yieldToEventLoop();
  }
}
