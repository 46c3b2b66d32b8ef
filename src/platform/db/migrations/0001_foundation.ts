import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Engine } from "../connect.ts";

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable("owners")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("plan", "text", (c) => c.notNull().defaultTo("payg"))
    .addColumn("plan_expires_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey().references("owners.id"))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("organizations")
    .addColumn("id", "text", (c) => c.primaryKey().references("owners.id"))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("memberships")
    .addColumn("org_id", "text", (c) => c.notNull().references("organizations.id"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("memberships_pk", ["org_id", "user_id"])
    .execute();
  await db.schema
    .createTable("api_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("owner_id", "text", (c) => c.notNull().references("owners.id"))
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("display_prefix", "text", (c) => c.notNull())
    .addColumn("hash", "text", (c) => c.notNull().unique())
    .addColumn("created_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_used_at", "bigint")
    .addColumn("deleted_at", "bigint")
    .execute();
  await db.schema.createIndex("api_keys_owner").on("api_keys").column("owner_id").execute();
  await db.schema
    .createTable("balances")
    .addColumn("owner_id", "text", (c) => c.primaryKey().references("owners.id"))
    .addColumn("credits", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("allowance", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("allowance_period", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addCheckConstraint("balances_not_negative", sql`credits >= 0 and allowance >= 0`)
    .execute();
  await db.schema
    .createTable("ledger")
    .addColumn("id", engine === "postgres" ? "bigserial" : "integer", (c) =>
      engine === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("owner_id", "text", (c) => c.notNull().references("owners.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("credits", "bigint", (c) => c.notNull())
    .addColumn("allowance", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("operation", "text")
    .addColumn("request_id", "text")
    .addColumn("note", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ledger_owner_time").on("ledger").columns(["owner_id", "created_at"]).execute();
  await db.schema.createIndex("ledger_request").on("ledger").column("request_id").execute();
}
