import type { DatabaseHandle } from "./connect.ts";
import { migrateToLatest } from "./migrate.ts";
import { probeWrite } from "./probe-write.ts";
import { describeDatabase, notUsableError, notWritableError } from "./unusable-database.ts";

// SQLite: "attempt to write a readonly database"; PostgreSQL: "cannot execute … in a read-only transaction".
const READ_ONLY = /readonly|read-only/i;
// PostgreSQL's SQLSTATE classes for a login refused (28) and a database that does not exist (3D).
const NOT_USABLE = /^(28|3D)/;

/**
 * Every command's first contact with its database: migrate, then (for `serve` and `worker`) prove that
 * a write goes through. What the operator must fix (a database that refuses writes, a login refused, a
 * database that does not exist) stops it with a message naming the database, not a stack trace or a
 * service that says it is ready and answers 500 to every write. Answers the migrations applied.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  url: string,
  { probe = true } = {},
): Promise<string[]> {
  try {
    const applied = await migrateToLatest(database);
    if (probe) await probeWrite(database.db);
    return applied;
  } catch (error) {
    if (READ_ONLY.test(String((error as Error)?.message)))
      throw notWritableError(describeDatabase(url), error);
    if (NOT_USABLE.test(String((error as { code?: unknown })?.code)))
      throw notUsableError(describeDatabase(url), error);
    throw error;
  }
}
