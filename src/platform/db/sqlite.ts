import { resolve } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { pathToFileURL } from "node:url";
import type { SqliteDatabase, SqliteStatement } from "kysely";
import { checkpointInThread } from "./sqlite-checkpoints.ts";
import { fifoSqliteDialect } from "./sqlite-driver.ts";
import { notUsableError } from "./unusable-database.ts";

// SQLITE_CANTOPEN (a directory, no permission) and SQLITE_NOTADB: DATABASE_URL names the wrong file.
const NOT_USABLE = new Set([14, 26]);

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

/** openDatabase's `role`: a connection that answers requests, or one that writes in bulk. */
export type ConnectionRole = "serving" | "bulk";

/**
 * A WAL-mode connection. Serving: its WAL is checkpointed by a thread of its own and its statements
 * wait for another connection's write lock off the thread (busy_timeout 0, retried by the driver).
 * Bulk: SQLite's own ways. Stop the checkpoints before closing, so this connection removes the WAL.
 */
export function sqliteDialect(path: string, role: ConnectionRole) {
  const database = openFile(path);
  const serving = role === "serving";
  if (serving) database.exec("PRAGMA busy_timeout = 0");
  const inThread = serving && path !== ":memory:";
  const stopCheckpoints = inThread ? checkpointInThread(database, path) : async () => {};
  const dialect = fifoSqliteDialect({ database: adapt(database) }, serving);
  return { dialect, stopCheckpoints };
}

function openFile(path: string): DatabaseSync {
  try {
    const database = new DatabaseSync(path);
    database.exec(`PRAGMA busy_timeout = 5000;
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = NORMAL;
      PRAGMA foreign_keys = ON;`);
    return database;
  } catch (error) {
    if (NOT_USABLE.has((error as { errcode?: number }).errcode ?? 0))
      throw notUsableError(resolve(path), error);
    throw error;
  }
}
