import type { Kysely } from "kysely";
import type { Engine } from "../connect.ts";

// Contributor lists (issue 5): one row per downloaded or imported version of a list file, a pointer per
// (mode, list) to the current version, and the entries of every version. Readers join through the pointer.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable("list_versions")
    .addColumn("id", engine === "postgres" ? "serial" : "integer", (c) =>
      engine === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("list_key", "text", (c) => c.notNull())
    .addColumn("article", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("source_url", "text", (c) => c.notNull())
    .addColumn("etag", "text")
    .addColumn("last_modified", "text")
    .addColumn("content_date", "text")
    .addColumn("fetched_at", "bigint", (c) => c.notNull())
    .addColumn("checked_at", "bigint", (c) => c.notNull())
    .addColumn("row_count", "integer", (c) => c.notNull())
    .addColumn("suppressed_count", "integer", (c) => c.notNull())
    .addColumn("byte_count", "bigint", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("list_versions_mode_key")
    .on("list_versions")
    .columns(["mode", "list_key", "status"])
    .execute();
  await db.schema
    .createTable("list_current")
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("list_key", "text", (c) => c.notNull())
    .addColumn("version_id", "integer", (c) => c.notNull())
    .addColumn("switched_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("list_current_pk", ["mode", "list_key"])
    .execute();
  await db.schema
    .createTable("list_entries")
    .addColumn("version_id", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("rfc", "text", (c) => c.notNull())
    .addColumn("sub_list", "text", (c) => c.notNull())
    .addColumn("situation", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("person_type", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("suppressed", "integer", (c) => c.notNull())
    .addColumn("raw", "text")
    .execute();
  // One index serves both the lookup (current version ids × RFC) and pruning a version in chunks.
  await db.schema
    .createIndex("list_entries_version_rfc")
    .on("list_entries")
    .columns(["version_id", "rfc"])
    .execute();
}
