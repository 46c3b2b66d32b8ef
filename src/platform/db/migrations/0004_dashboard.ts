import type { Kysely } from "kysely";
import type { Engine } from "../connect.ts";

// Dashboard sessions: the cookie carries a random token, the table only its SHA-256, plus the CSRF
// synchronizer token bound to that session.
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("csrf_token", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expiry").on("sessions").column("expires_at").execute();
}
