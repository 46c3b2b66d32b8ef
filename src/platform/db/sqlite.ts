import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from "kysely";

// Kysely's SqliteDialect speaks the better-sqlite3 shape; node:sqlite differs only in spreading
// parameters and in how a statement tells whether it returns rows.
function adapt(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const statement = database.prepare(sql);
      const params = (values: ReadonlyArray<unknown>) => values as SQLInputValue[];
      return {
        reader: statement.columns().length > 0,
        all: (values) => statement.all(...params(values)),
        run: (values) => statement.run(...params(values)),
        iterate: (values) => statement.iterate(...params(values)),
      };
    },
  };
}

export function sqliteDialect(path: string): SqliteDialect {
  const database = new DatabaseSync(path);
  database.exec(`PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA busy_timeout = 5000;
    PRAGMA foreign_keys = ON;`);
  return new SqliteDialect({ database: adapt(database) });
}
