import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Db } from "../platform/db/connect.ts";
import { BLOCK_ENTRIES, decodeEntries, encodeEntries, type RfcRow } from "./rfc-entries.ts";
import { MODE_KEY_SPAN } from "./rfc-key.ts";

/** The block of `registered_rfc_blocks` that holds (or would hold) a key, and where the next one starts. */
export type CoveringBlock = { firstKey: number; rows: RfcRow[]; nextFirstKey: number | null };

/** The first key of the key's mode span: blocks never cross it. */
export const modeStartOf = (key: number) => Math.floor(key / MODE_KEY_SPAN) * MODE_KEY_SPAN;

/**
 * The block with the greatest first key ≤ key in the key's mode, else the mode's first block (the key
 * would become its first entry); null when the mode has no block.
 */
export async function coveringBlock(db: Db, key: number): Promise<CoveringBlock | null> {
  const start = modeStartOf(key);
  const end = start + MODE_KEY_SPAN;
  const blocks = db.selectFrom("registered_rfc_blocks").select(["first_key", "entries"]);
  const found =
    (await blocks
      .where("first_key", ">=", start)
      .where("first_key", "<=", key)
      .orderBy("first_key", "desc")
      .limit(1)
      .executeTakeFirst()) ??
    (await blocks
      .where("first_key", ">", key)
      .where("first_key", "<", end)
      .orderBy("first_key")
      .limit(1)
      .executeTakeFirst());
  if (!found) return null;
  const next = await db
    .selectFrom("registered_rfc_blocks")
    .select("first_key")
    .where("first_key", ">", found.first_key)
    .where("first_key", "<", end)
    .orderBy("first_key")
    .limit(1)
    .executeTakeFirst();
  return {
    firstKey: found.first_key,
    rows: decodeEntries(found.entries),
    nextFirstKey: next?.first_key ?? null,
  };
}

/** A block's entries in equal parts of at most BLOCK_ENTRIES, one part spare past it for next days' additions. */
export function splitBlock(rows: readonly RfcRow[]): RfcRow[][] {
  const parts = rows.length <= BLOCK_ENTRIES ? 1 : Math.ceil(rows.length / BLOCK_ENTRIES) + 1;
  const size = Math.ceil(rows.length / parts);
  return Array.from({ length: parts }, (_, part) => rows.slice(part * size, (part + 1) * size)).filter(
    (part) => part.length > 0,
  );
}

/**
 * Writes blocks in place of the block that started at `firstKey` (null: none did): deleted when there
 * are none, moved (delete + insert) when its first entry changed; one transaction when more than a statement.
 */
export async function replaceBlock(
  db: Db,
  firstKey: number | null,
  blocks: readonly (readonly RfcRow[])[],
): Promise<void> {
  const inPlace = firstKey !== null && blocks[0]?.[0].key === firstKey;
  const added = inPlace ? blocks.slice(1) : blocks;
  const write = async (trx: Db) => {
    if (inPlace)
      await trx
        .updateTable("registered_rfc_blocks")
        .set({ entries: encodeEntries(blocks[0]) })
        .where("first_key", "=", firstKey)
        .execute();
    else if (firstKey !== null)
      await trx.deleteFrom("registered_rfc_blocks").where("first_key", "=", firstKey).execute();
    if (added.length > 0)
      await trx
        .insertInto("registered_rfc_blocks")
        .values(added.map((part) => ({ first_key: part[0].key, entries: encodeEntries(part) })))
        .execute();
  };
  if (firstKey !== null && added.length > 0) await db.transaction().execute(write);
  else await write(db);
}

/** A stored block: its first key as stored and its entries, in key order. */
export type StoredBlock = { firstKey: number; rows: RfcRow[] };

/**
 * Every block of a mode in key order, read a page of blocks at a time. Each page starts after the last
 * key read, so the parts of a block split behind the reader are not read again.
 */
export async function* blocksInKeyOrder(
  db: Db,
  offset: number,
  blocksPerPage = 64,
): AsyncGenerator<StoredBlock> {
  let after = offset - 1;
  for (;;) {
    const page = await db
      .selectFrom("registered_rfc_blocks")
      .select(["first_key", "entries"])
      .where("first_key", ">", after)
      .where("first_key", "<", offset + MODE_KEY_SPAN)
      .orderBy("first_key")
      .limit(blocksPerPage)
      .execute();
    if (page.length === 0) return;
    const blocks = page.map((block) => ({ firstKey: block.first_key, rows: decodeEntries(block.entries) }));
    const last = blocks[blocks.length - 1].rows;
    after = last[last.length - 1].key;
    yield* blocks;
    await yieldToEventLoop();
  }
}
