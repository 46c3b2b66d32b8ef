import { existsSync, rmSync } from "node:fs";
import { sql } from "kysely";
import type { Db } from "./connect.ts";

// Until migration 0016 a SQLite file kept its request log in a file of its own (decisions 0011, 0020):
// `padron.db` → `padron-requests.db`. Migrations 0008 to 0016 expect it attached as `requests`.
const logFileOf = (path: string) => path.replace(/(\.[^./\\]*)?$/, (extension) => `-requests${extension}`);

/** Attaches the old request-log file beside a SQLite file database, if there is one; returns its path. */
export async function attachOldRequestLog(db: Db): Promise<string | null> {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const main = rows.find((row) => row.name === "main")?.file;
  if (!main || !existsSync(logFileOf(main))) return null;
  await sql`attach database ${logFileOf(main)} as requests`.execute(db);
  return logFileOf(main);
}

/** Once every migration has run, the rows are in the main file: the old one goes, with its WAL. */
export async function removeOldRequestLog(db: Db, file: string): Promise<void> {
  await sql`detach database requests`.execute(db);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
}
