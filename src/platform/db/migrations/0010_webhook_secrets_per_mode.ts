import { type Kysely, sql } from "kysely";

/**
 * One signing secret per owner and mode, so a test key can neither read nor rotate the secret that
 * signs live deliveries (decision 0012). The single secret of today becomes the live one; the test
 * one is made on first use. Each delivery records the mode of its request, whose secret signs it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL runs each migration in a transaction; on SQLite Kysely does not, so this one does.
  if (db.isTransaction) return steps(db);
  await db.transaction().execute(steps);
}

async function steps(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("webhook_secrets_by_mode")
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("webhook_secrets_owner_mode", ["owner_id", "mode"])
    .execute();
  await sql`insert into webhook_secrets_by_mode (owner_id, mode, secret, created_at)
    select owner_id, 'live', secret, created_at from webhook_secrets`.execute(db);
  await db.schema.dropTable("webhook_secrets").execute();
  await db.schema.alterTable("webhook_secrets_by_mode").renameTo("webhook_secrets").execute();

  await db.schema
    .alterTable("webhook_deliveries")
    .addColumn("mode", "text", (c) => c.notNull().defaultTo("live"))
    .execute();
  await sql`update webhook_deliveries
    set mode = (select r.mode from requests r where r.request_id = webhook_deliveries.request_id)
    where exists (select 1 from requests r where r.request_id = webhook_deliveries.request_id)`.execute(db);
}
