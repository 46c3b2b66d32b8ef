import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { pathToFileURL } from "node:url";
import type { SqliteDatabase, SqliteDialect, SqliteStatement } from "kysely";
import { type CheckpointMode, checkpointInThread } from "./sqlite-checkpoints.ts";
import { FifoSqliteDialect } from "./sqlite-driver.ts";

// Kysely's SqliteDialect speaks the better-sqlite3 shape; node:sqlite differs only in spreading
// parameters and in how a statement tells whether it returns rows. Preparing costs more than running
// a small query, so prepared statements are kept per SQL text.
function adapt(database: DatabaseSync, cacheSize = 500): SqliteDatabase {
  const prepared = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const cached = prepared.get(sql);
      if (cached) return cached;
      if (prepared.size >= cacheSize) prepared.delete(prepared.keys().next().value as string);
      const statement = database.prepare(sql);
      const params = (values: ReadonlyArray<unknown>) => values as SQLInputValue[];
      const adapted: SqliteStatement = {
        reader: statement.columns().length > 0,
        all: (values) => statement.all(...params(values)),
        run: (values) => statement.run(...params(values)),
        iterate: (values) => statement.iterate(...params(values)),
      };
      prepared.set(sql, adapted);
      return adapted;
    },
  };
}

export const readOnlyUri = (file: string) => `${pathToFileURL(file).href}?mode=ro`;

/**
 * A WAL-mode connection; a file's WAL is checkpointed by a thread of its own or by each commit. Stop
 * the checkpoints before closing the connection, so that it is the last one and removes the WAL.
 */
export function sqliteDialect(
  path: string,
  checkpoints: CheckpointMode,
): { dialect: SqliteDialect; stopCheckpoints: () => Promise<void> } {
  const database = new DatabaseSync(path);
  database.exec(`PRAGMA busy_timeout = 5000;
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA foreign_keys = ON;`);
  const inThread = checkpoints === "thread" && path !== ":memory:";
  const stopCheckpoints = inThread ? checkpointInThread(database, path) : async () => {};
  return { dialect: new FifoSqliteDialect({ database: adapt(database) }), stopCheckpoints };
}
