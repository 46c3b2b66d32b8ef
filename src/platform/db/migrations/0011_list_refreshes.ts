import type { Kysely } from "kysely";
import type { Engine } from "../connect.ts";

// The last refresh of each (mode, list), whatever came of it: a list whose downloads keep failing shows
// as failed, with when and why, even when it was never loaded (issue 22).
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable("list_refreshes")
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("list_key", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("refreshed_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("list_refreshes_pk", ["mode", "list_key"])
    .execute();
}
