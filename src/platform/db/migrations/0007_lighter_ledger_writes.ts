import { type Kysely, sql } from "kysely";
import type { Engine } from "../connect.ts";

/**
 * Every charged request writes a ledger row and a request-log row, so what each insert maintains
 * counts. SQLite's AUTOINCREMENT rewrites `sqlite_sequence` on every insert; these tables are never
 * emptied from the top, so plain row ids (max + 1) never repeat one in use. The ledger's request index
 * serves refunds only, and sat-lists charges (a local lookup, most of the rows) are never refunded.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === "sqlite") {
    await rebuildWithPlainRowIds(db, "ledger");
    await rebuildWithPlainRowIds(db, "api_requests");
  }
  await db.schema.dropIndex("ledger_request").execute();
  await db.schema
    .createIndex("ledger_request")
    .on("ledger")
    .column("request_id")
    .where(sql.ref("operation"), "<>", sql.lit("sat-lists"))
    .execute();
}

/** SQLite cannot drop AUTOINCREMENT in place: the table is copied into one declared without it. */
async function rebuildWithPlainRowIds(db: Kysely<unknown>, table: string): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(db);
  const create = rows.find((row) => row.type === "table")?.sql;
  if (!create) throw new Error(`table ${table} not found`);
  const rebuilt = `${table}_rebuilt`;
  await sql.raw(create.replace(`"${table}"`, `"${rebuilt}"`).replace(/\s+autoincrement\b/i, "")).execute(db);
  await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(db);
  for (const index of rows.filter((row) => row.type === "index")) await sql.raw(index.sql).execute(db);
}
