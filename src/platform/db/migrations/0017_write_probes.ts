import type { Kysely } from "kysely";
import type { Engine } from "../connect.ts";

// One row per process kind that `/readyz` and the start rewrite: proof that the database takes writes
// (a read-only file or a read-only PostgreSQL answers reads and refuses these; issue 21).
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable("write_probes")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("probed_at", "bigint", (c) => c.notNull())
    .execute();
}
