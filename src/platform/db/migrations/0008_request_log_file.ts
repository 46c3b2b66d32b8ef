import { DatabaseSync } from "node:sqlite";
import { type Kysely, sql } from "kysely";
import type { Engine } from "../connect.ts";
import { readOnlyUri } from "../sqlite.ts";

/**
 * A SQLite file's request log moves to a file of its own (decision 0011), rows and ids kept; the
 * connection sees it read-only as `requests`, where unqualified `api_requests` then finds it.
 * Safe to run again: a copy committed in the log's file but not yet dropped here is completed.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== "sqlite") return;
  const { rows: files } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const main = files.find((file) => file.name === "main")?.file;
  const log = files.find((file) => file.name === "requests")?.file;
  if (!main || !log) return; // an in-memory database keeps its log in place
  const { rows } = await sql`select 1 from main.sqlite_master where name = 'api_requests'`.execute(db);
  if (rows.length === 0) return;
  copyRequestLog(main, log);
  await sql`drop table main.api_requests`.execute(db);
}

/** Table, indexes and rows, by a connection of the log's own that reads the main file. */
function copyRequestLog(main: string, log: string): void {
  const target = new DatabaseSync(log, { timeout: 5000 });
  try {
    target.prepare("ATTACH DATABASE ? AS old").run(readOnlyUri(main));
    const schema = target
      .prepare("select type, sql from old.sqlite_master where tbl_name = 'api_requests' and sql is not null")
      .all() as { type: string; sql: string }[];
    target.exec("BEGIN IMMEDIATE");
    const tableFirst = [...schema].sort((a, b) => Number(b.type === "table") - Number(a.type === "table"));
    for (const { sql: text } of tableFirst)
      target.exec(text.replace(/^create (table|index)\s+/i, "create $1 if not exists "));
    target.exec("insert or ignore into api_requests select * from old.api_requests");
    target.exec("COMMIT");
  } finally {
    target.close();
  }
}
