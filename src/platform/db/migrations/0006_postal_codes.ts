import type { Kysely } from "kysely";
import type { Engine } from "../connect.ts";

// One row per postal code and catalog mode ("live" imported by the operator, "sandbox" downloaded).
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable("postal_codes")
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("zip", "text", (c) => c.notNull())
    .addColumn("state_code", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("municipality", "text", (c) => c.notNull())
    .addColumn("settlements", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("postal_codes_pk", ["mode", "zip"])
    .execute();
  await db.schema
    .createTable("postal_code_imports")
    .addColumn("mode", "text", (c) => c.primaryKey())
    .addColumn("codes", "integer", (c) => c.notNull())
    .addColumn("settlements", "integer", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("imported_at", "bigint", (c) => c.notNull())
    .execute();
}
