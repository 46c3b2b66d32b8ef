import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { type BlobByKey, blobsByKeySetter } from "../platform/db/blobs-by-key.ts";
import { isPostgres } from "../platform/db/compiled-once.ts";
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

/** What replaces the block that started at `firstKey` (null: none did): blocks in key order, maybe none. */
export type BlockWrite = { firstKey: number | null; blocks: readonly (readonly RfcRow[])[] };

const setEntries = blobsByKeySetter("registered_rfc_blocks", "first_key", "entries");

/**
 * Writes blocks in place of others: a block is deleted when nothing replaces it, moved (delete + insert)
 * when its first entry changed, and parts past the first are inserted; each write atomic. On SQLite one
 * write at a time, so the serving connection's own writes wait for one block at most; on PostgreSQL all
 * in one transaction of at most three statements (decision 0046).
 */
export async function replaceBlocks(db: Db, writes: readonly BlockWrite[]): Promise<void> {
  if (isPostgres(db)) return writeTogether(db, writes);
  for (const write of writes) {
    await writeTogether(db, [write]);
    await yieldToEventLoop();
  }
}

async function writeTogether(db: Db, writes: readonly BlockWrite[]): Promise<void> {
  const [deleted, updated, inserted] = [[] as number[], [] as BlobByKey[], new Map<number, Uint8Array>()];
  for (const { firstKey, blocks } of writes) {
    // A block an earlier write of these inserts (a merge's held rows past MERGED_ROWS_HELD) is not stored yet.
    const stored = firstKey !== null && !inserted.delete(firstKey);
    const inPlace = stored && blocks[0]?.[0].key === firstKey;
    if (inPlace) updated.push({ key: firstKey, blob: encodeEntries(blocks[0]) });
    else if (stored) deleted.push(firstKey);
    for (const part of inPlace ? blocks.slice(1) : blocks) inserted.set(part[0].key, encodeEntries(part));
  }
  const rows = [...inserted].map(([first_key, entries]) => ({ first_key, entries }));
  const write = async (trx: Db) => {
    if (deleted.length > 0)
      await trx.deleteFrom("registered_rfc_blocks").where("first_key", "in", deleted).execute();
    await setEntries(trx, updated);
    if (rows.length > 0) await trx.insertInto("registered_rfc_blocks").values(rows).execute();
  };
  const statements = [deleted, updated, rows].filter((some) => some.length > 0).length;
  if (statements > 1) await db.transaction().execute(write);
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
