import { type Kysely, type Migration, Migrator, sql } from "kysely";
import type { DatabaseHandle } from "./connect.ts";
import { MIGRATIONS } from "./migrations/index.ts";
import { attachOldRequestLog, removeOldRequestLog } from "./old-request-log-file.ts";

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrations: Record<string, Migration> = {};
  for (const [name, migration] of Object.entries(MIGRATIONS)) {
    migrations[name] = { up: (db: Kysely<unknown>) => migration.up(db, handle.engine) };
  }
  const oldLog = handle.engine === "sqlite" ? await attachOldRequestLog(handle.db) : null;
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    if (oldLog) await sql`detach database requests`.execute(handle.db);
    throw error;
  }
  if (oldLog) await removeOldRequestLog(handle.db, oldLog);
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
