import type { Kysely } from "kysely";
import type { Engine } from "../connect.ts";

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable("api_requests")
    .addColumn("id", engine === "postgres" ? "bigserial" : "integer", (c) =>
      engine === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("key_id", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("operation", "text", (c) => c.notNull())
    .addColumn("rfc", "text")
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("credits", "bigint", (c) => c.notNull())
    .addColumn("latency_ms", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("api_requests_owner_time")
    .on("api_requests")
    .columns(["owner_id", "created_at"])
    .execute();
}
