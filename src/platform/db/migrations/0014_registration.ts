import { type Expression, type Kysely, sql } from "kysely";
import type { Engine } from "../connect.ts";

// SAT's registered-RFC list (l_RFC) and certificate list (LCO), issue 24. One row per RFC keyed by the
// packed RFC (on SQLite the rowid itself: about 20 bytes a row), a change history per list date that
// also undoes an unpublished import, and the certificate list in versions switched atomically.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const postgres = engine === "postgres";
  const withoutRowid = <T extends { modifyEnd(modifier: Expression<unknown>): T }>(builder: T): T =>
    postgres ? builder : builder.modifyEnd(sql`without rowid`);
  await db.schema
    .createTable("registration_lists")
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("list", "text", (c) => c.notNull())
    .addColumn("published_date", "integer")
    .addColumn("first_date", "integer")
    .addColumn("version", "integer")
    .addColumn("row_count", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("published_at", "bigint")
    .addColumn("source", "text")
    .addColumn("signers", "text")
    .addColumn("import_holder", "text")
    .addColumn("import_heartbeat_at", "bigint")
    .addColumn("last_sync_at", "bigint")
    .addColumn("last_sync_outcome", "text")
    .addColumn("last_sync_detail", "text")
    .addPrimaryKeyConstraint("registration_lists_pk", ["mode", "list"])
    .execute();
  await db.schema
    .createTable("registration_imports")
    .addColumn("id", postgres ? "serial" : "integer", (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("list", "text", (c) => c.notNull())
    .addColumn("list_date", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .addColumn("finished_at", "bigint")
    .addColumn("row_count", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("detail", "text")
    .execute();
  // The key is the rowid on SQLite ("integer primary key" exactly), a bigint on PostgreSQL.
  await db.schema
    .createTable("registered_rfcs")
    .addColumn("key", postgres ? "bigint" : "integer", (c) => c.primaryKey())
    .addColumn("since", "integer", (c) => c.notNull())
    .addColumn("changed_on", "integer", (c) => c.notNull())
    .addColumn("flags", "integer", (c) => c.notNull())
    .addColumn("removed_on", "integer")
    .execute();
  await withoutRowid(
    db.schema
      .createTable("registered_rfc_changes")
      .addColumn("list_date", "integer", (c) => c.notNull())
      .addColumn("key", "bigint", (c) => c.notNull())
      .addColumn("kind", "integer", (c) => c.notNull())
      .addColumn("flags", "integer", (c) => c.notNull())
      .addColumn("prev_since", "integer")
      .addColumn("prev_changed_on", "integer")
      .addColumn("prev_flags", "integer")
      .addColumn("prev_removed_on", "integer")
      .addPrimaryKeyConstraint("registered_rfc_changes_pk", ["list_date", "key"]),
  ).execute();
  await db.schema
    .createTable("registered_rfc_texts")
    .addColumn("key", "bigint", (c) => c.primaryKey())
    .addColumn("rfc", "text", (c) => c.notNull())
    .execute();
  await withoutRowid(
    db.schema
      .createTable("certificate_list_entries")
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("rfc_key", "bigint", (c) => c.notNull())
      .addColumn("serial", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("valid_from", "bigint", (c) => c.notNull())
      .addColumn("valid_to", "bigint", (c) => c.notNull())
      .addColumn("obligations", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("certificate_list_entries_pk", ["version", "rfc_key", "serial"]),
  ).execute();
}
