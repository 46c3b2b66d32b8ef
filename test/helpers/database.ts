import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, type Migration, Migrator } from "kysely";
import pg from "pg";
import { type DatabaseHandle, type Engine, openDatabase } from "../../src/platform/db/connect.ts";
import { migrateToLatest } from "../../src/platform/db/migrate.ts";
import { MIGRATIONS } from "../../src/platform/db/migrations/index.ts";

export const TEST_ENGINE: Engine = process.env.PADRON_TEST_ENGINE === "postgres" ? "postgres" : "sqlite";
const PG_URL = process.env.PADRON_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestDatabase extends DatabaseHandle {
  url: string;
}

/**
 * A new database of its own for one test file, on the engine the runner picked: migrated to the
 * latest schema unless `migrate` is false (a test of a migration brings it up to where it starts).
 */
export async function freshDatabase({ migrate = true } = {}): Promise<TestDatabase> {
  if (TEST_ENGINE === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "padron-test-"));
    const url = `sqlite:${join(dir, "padron.db")}`;
    const handle = openDatabase(url);
    if (migrate) await migrateToLatest(handle);
    return {
      ...handle,
      url,
      close: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `padron_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString(), { poolSize: 20 });
  if (migrate) await migrateToLatest(handle);
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Applies the migrations up to and including `last`, as a database that has not upgraded yet. */
export async function migrateThrough(database: DatabaseHandle, last: string): Promise<void> {
  const migrations: Record<string, Migration> = {};
  for (const [name, migration] of Object.entries(MIGRATIONS)) {
    if (name > last) break;
    migrations[name] = { up: (db: Kysely<unknown>) => migration.up(db, database.engine) };
  }
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
