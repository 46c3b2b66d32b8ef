import type { DatabaseHandle } from "./connect.ts";
import { migrateToLatest } from "./migrate.ts";
import { describeDatabase, NotWritableError, probeWrite } from "./probe-write.ts";

// SQLite: "attempt to write a readonly database"; PostgreSQL: "cannot execute … in a read-only transaction".
const READ_ONLY = /readonly|read-only/i;

/**
 * What `serve` and `worker` do before anything else: migrate, then prove that a write goes through.
 * A database that refuses writes stops the start with a message naming it, instead of a service that
 * says it is ready and answers 500 to every write.
 */
export async function prepareDatabase(database: DatabaseHandle, url: string): Promise<void> {
  try {
    await migrateToLatest(database);
    await probeWrite(database.db);
  } catch (error) {
    if (READ_ONLY.test(String((error as Error)?.message)))
      throw new NotWritableError(describeDatabase(url), error);
    throw error;
  }
}
