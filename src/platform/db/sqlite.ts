import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { pathToFileURL } from "node:url";
import type { SqliteDatabase, SqliteDialect, SqliteStatement } from "kysely";
import { FifoSqliteDialect } from "./sqlite-driver.ts";

/** Whether a connection has written since `wrote` was last cleared: only a writer has a WAL tail to copy. */
export type WriteActivity = { wrote: boolean };

const READ_ONLY = /^\s*(select|pragma)\b/i;

// Kysely's SqliteDialect speaks the better-sqlite3 shape; node:sqlite differs only in spreading
// parameters and in how a statement tells whether it returns rows. Preparing costs more than running
// a small query, so prepared statements are kept per SQL text.
function adapt(
  database: DatabaseSync,
  onClose: () => void,
  activity: WriteActivity,
  cacheSize = 500,
): SqliteDatabase {
  const prepared = new Map<string, SqliteStatement>();
  return {
    close: () => {
      onClose();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = prepared.get(sql);
      if (cached) return cached;
      if (prepared.size >= cacheSize) prepared.delete(prepared.keys().next().value as string);
      const statement = database.prepare(sql);
      const params = (values: ReadonlyArray<unknown>) => values as SQLInputValue[];
      const writes = !READ_ONLY.test(sql);
      const noteWrite = () => {
        if (writes) activity.wrote = true;
      };
      const adapted: SqliteStatement = {
        reader: statement.columns().length > 0,
        all: (values) => {
          noteWrite();
          return statement.all(...params(values));
        },
        run: (values) => {
          noteWrite();
          return statement.run(...params(values));
        },
        iterate: (values) => {
          noteWrite();
          return statement.iterate(...params(values));
        },
      };
      prepared.set(sql, adapted);
      return adapted;
    },
  };
}

/** Where a database file's request log lives: `padron.db` → `padron-requests.db` (decision 0011). */
export function requestLogFileOf(path: string): string {
  return path.replace(/(\.[^./\\]*)?$/, (extension) => `-requests${extension}`);
}

/**
 * A file's request log is a database of its own, written by a thread of its own (decision 0011), so
 * that thread never holds the main file's lock nor clears this connection's page cache. Here it is
 * attached read-only: a `begin immediate` would otherwise lock it too.
 */
function attachRequestLog(database: DatabaseSync, file: string): void {
  const log = new DatabaseSync(file, { timeout: 5000 });
  log.exec("PRAGMA journal_mode = WAL");
  log.close();
  database.prepare("ATTACH DATABASE ? AS requests").run(readOnlyUri(file));
}

export const readOnlyUri = (file: string) => `${pathToFileURL(file).href}?mode=ro`;

/** A WAL-mode connection; a file database is checkpointed by its own thread (sqlite-checkpointer.ts) only. */
export function sqliteDialect(
  path: string,
  onClose: () => void = () => {},
  activity: WriteActivity = { wrote: false },
): SqliteDialect {
  const database = new DatabaseSync(path);
  database.exec(`PRAGMA busy_timeout = 5000;
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA foreign_keys = ON;`);
  if (path !== ":memory:") {
    database.exec("PRAGMA wal_autocheckpoint = 0");
    attachRequestLog(database, requestLogFileOf(path));
  }
  return new FifoSqliteDialect({ database: adapt(database, onClose, activity) });
}
