import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Db } from "../platform/db/connect.ts";

/** Rows per DELETE: each chunk is its own short statement, so lookups and charges never wait long. */
const DELETE_CHUNK_ROWS = 5_000;

/** Removes a version that no reader can see (retired, rejected or abandoned) and its entries, in chunks. */
export async function deleteListVersion(db: Db, versionId: number): Promise<void> {
  for (;;) {
    const chunk = db
      .selectFrom("list_entries")
      .select("rfc")
      .where("version_id", "=", versionId)
      .orderBy("rfc")
      .limit(DELETE_CHUNK_ROWS);
    const result = await db
      .deleteFrom("list_entries")
      .where("version_id", "=", versionId)
      .where("rfc", "in", chunk)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) break;
    await yieldToEventLoop(); // node:sqlite is synchronous: let lookups run between chunks
  }
  await db.deleteFrom("list_versions").where("id", "=", versionId).execute();
}
