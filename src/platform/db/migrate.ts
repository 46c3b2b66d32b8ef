import { type Kysely, type Migration, Migrator } from "kysely";
import type { DatabaseHandle } from "./connect.ts";
import { MIGRATIONS } from "./migrations/index.ts";

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrations: Record<string, Migration> = {};
  for (const [name, migration] of Object.entries(MIGRATIONS)) {
    migrations[name] = { up: (db: Kysely<unknown>) => migration.up(db, handle.engine) };
  }
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
