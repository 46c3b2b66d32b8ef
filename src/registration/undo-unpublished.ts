import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Db } from "../platform/db/connect.ts";
import { BLOCK_ENTRIES, entryCount } from "./rfc-entries.ts";
import { MODE_KEY_SPAN } from "./rfc-key.ts";
import { setRows } from "./rfc-rows.ts";

const PAGE = 5_000;

/**
 * What an import that never published left (a crash, kill -9): with a published date, each change
 * of a later date is undone from its history row; with none, every block of the mode goes. Readers never
 * saw these rows, so undoing them changes no answer.
 */
export async function undoUnpublished(db: Db, offset: number, published: number | null): Promise<number> {
  const end = offset + MODE_KEY_SPAN;
  let undone = 0;
  if (published === null) {
    for (;;) {
      const keys = (
        await db
          .selectFrom("registered_rfc_changes")
          .select("key")
          .where("key", ">=", offset)
          .where("key", "<", end)
          .limit(PAGE)
          .execute()
      ).map((row) => row.key);
      if (keys.length === 0) break;
      await db.deleteFrom("registered_rfc_changes").where("key", "in", keys).execute();
      await yieldToEventLoop();
    }
    for (;;) {
      const blocks = await db
        .selectFrom("registered_rfc_blocks")
        .select(["first_key", "entries"])
        .where("first_key", ">=", offset)
        .where("first_key", "<", end)
        .limit(Math.ceil(PAGE / BLOCK_ENTRIES))
        .execute();
      if (blocks.length === 0) break;
      const firstKeys = blocks.map((block) => block.first_key);
      await db.deleteFrom("registered_rfc_blocks").where("first_key", "in", firstKeys).execute();
      undone += blocks.reduce((sum, block) => sum + entryCount(block.entries), 0);
      await yieldToEventLoop();
    }
    return undone;
  }
  for (;;) {
    const changes = await db
      .selectFrom("registered_rfc_changes")
      .selectAll()
      .where("list_date", ">", published)
      .where("key", ">=", offset)
      .where("key", "<", end)
      .limit(PAGE)
      .execute();
    if (changes.length === 0) return undone;
    await setRows(
      db,
      changes.map((change) => ({
        key: Number(change.key),
        state:
          change.prev_since === null
            ? null
            : {
                since: change.prev_since,
                changed_on: change.prev_changed_on ?? change.prev_since,
                flags: change.prev_flags ?? 0,
                removed_on: change.prev_removed_on,
              },
      })),
    );
    for (const date of new Set(changes.map((change) => change.list_date)))
      await db
        .deleteFrom("registered_rfc_changes")
        .where("list_date", "=", date)
        .where(
          "key",
          "in",
          changes.filter((change) => change.list_date === date).map((change) => change.key),
        )
        .execute();
    undone += changes.length;
    await yieldToEventLoop();
  }
}
