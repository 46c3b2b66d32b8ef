import { type Kysely, sql } from "kysely";

/**
 * Idempotency keys are scoped by owner and mode, so a live request never replays what a test key got
 * for the same key and body (issue 21). A kept key's mode is not known: it is copied to both modes,
 * which keeps its replay for either kind of key until it expires (24 h), as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL runs each migration in a transaction; on SQLite Kysely does not, so this one does.
  if (db.isTransaction) return steps(db);
  await db.transaction().execute(steps);
}

async function steps(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys_by_mode")
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("locked_until", "bigint", (c) => c.notNull())
    .addColumn("response_status", "integer")
    .addColumn("response_headers", "text")
    .addColumn("response_body", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_owner_mode_key", ["owner_id", "mode", "key"])
    .execute();
  for (const mode of ["live", "test"])
    await sql`insert into idempotency_keys_by_mode (owner_id, mode, key, fingerprint, status, locked_until,
        response_status, response_headers, response_body, created_at, expires_at)
      select owner_id, ${mode}, key, fingerprint, status, locked_until,
        response_status, response_headers, response_body, created_at, expires_at
      from idempotency_keys`.execute(db);
  await db.schema.dropTable("idempotency_keys").execute();
  await db.schema.alterTable("idempotency_keys_by_mode").renameTo("idempotency_keys").execute();
  await db.schema
    .createIndex("idempotency_keys_expiry")
    .on("idempotency_keys")
    .column("expires_at")
    .execute();
}
