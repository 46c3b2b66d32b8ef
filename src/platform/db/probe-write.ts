import type { Db } from "./connect.ts";

/** Rewrites one row: throws what the database answers when it takes no writes. */
export async function probeWrite(db: Db, name = "padron", now = Date.now()): Promise<void> {
  await db
    .insertInto("write_probes")
    .values({ name, probed_at: now })
    .onConflict((c) => c.column("name").doUpdateSet({ probed_at: now }))
    .execute();
}
