import type { Kysely } from "kysely";
import type { Engine } from "../connect.ts";

// Registered RFCs in blocks of up to 128 entries (decision 0026): one row per RFC cost 75 bytes an RFC
// on PostgreSQL. The rfc list's state is reset, not converted: the next sync re-imports the public list.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const postgres = engine === "postgres";
  // The first key is the rowid on SQLite ("integer primary key" exactly), a bigint on PostgreSQL.
  await db.schema
    .createTable("registered_rfc_blocks")
    .addColumn("first_key", postgres ? "bigint" : "integer", (c) => c.primaryKey())
    .addColumn("entries", postgres ? "bytea" : "blob", (c) => c.notNull())
    .execute();
  await db.schema.dropTable("registered_rfcs").execute();
  const registration = db as Kysely<{
    registered_rfc_changes: { key: number };
    registration_imports: { list: string };
    registration_lists: {
      list: string;
      published_date: number | null;
      first_date: number | null;
      version: number | null;
      row_count: number;
    };
  }>;
  await registration.deleteFrom("registered_rfc_changes").execute();
  await registration.deleteFrom("registration_imports").where("list", "=", "rfc").execute();
  await registration
    .updateTable("registration_lists")
    .set({ published_date: null, first_date: null, version: null, row_count: 0 })
    .where("list", "=", "rfc")
    .execute();
}
