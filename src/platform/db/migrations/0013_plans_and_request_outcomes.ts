import { DatabaseSync } from "node:sqlite";
import { type Kysely, sql } from "kysely";
import type { Engine } from "../connect.ts";

/**
 * An owner's plan gets its own monthly allowance (null: the configured PLAN_MONTHLY_CREDITS), and the
 * request log records the key's mode and the answer's outcome. A SQLite file keeps its request log
 * in a file of its own (decision 0011), attached read-only here: that file is altered directly.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema.alterTable("owners").addColumn("plan_monthly_credits", "bigint").execute();
  const log = engine === "sqlite" ? await attachedRequestLog(db) : null;
  if (log) return addLogColumnsInFile(log);
  await db.schema.alterTable("api_requests").addColumn("mode", "text").execute();
  await db.schema.alterTable("api_requests").addColumn("outcome", "text").execute();
}

async function attachedRequestLog(db: Kysely<unknown>): Promise<string | null> {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  return rows.find((row) => row.name === "requests")?.file || null;
}

/** Safe to run again: a column added before a failed attempt is not added twice. */
function addLogColumnsInFile(file: string): void {
  const log = new DatabaseSync(file, { timeout: 5000 });
  try {
    const columns = log.prepare("select name from pragma_table_info('api_requests')").all();
    const present = new Set(columns.map((column) => column.name));
    for (const column of ["mode", "outcome"])
      if (!present.has(column)) log.exec(`alter table api_requests add column ${column} text`);
  } finally {
    log.close();
  }
}
