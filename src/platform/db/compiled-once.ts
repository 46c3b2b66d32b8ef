import {
  type Compilable,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type RawBuilder,
  SqliteDialect,
} from "kysely";
import type { Db } from "./connect.ts";
import type { Database } from "./schema.ts";

/** Marks where an argument goes in a statement compiled ahead of its values. */
class Placeholder {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

// Instances that only compile (Kysely's "cold" use): a dialect connects at its first query, never run here.
const never = () => Promise.reject(new Error("compile only"));
const postgres = new Kysely<Database>({ dialect: new PostgresDialect({ pool: never }) });
const sqlite = new Kysely<Database>({ dialect: new SqliteDialect({ database: never }) });

/**
 * A per-request query, compiled once per engine at load and run with each call's values (decision 0030).
 * `build` must only pass `args` on to the query: it sees placeholders, not values.
 */
export function compiledOnce<A extends Record<string, unknown>, R>(
  build: (db: Db, args: A) => Compilable<R> | RawBuilder<R>,
): (db: Db, args: A) => Promise<R[]> {
  const placeholders = new Proxy({}, { get: (_, name) => new Placeholder(String(name)) }) as A;
  // A raw `sql` statement compiles with the instance's dialect; a query builder knows its own.
  const compile = (on: Db) => build(on, placeholders).compile(on);
  const onPostgres = compile(postgres);
  const onSqlite = compile(sqlite);
  return async (db, args) => {
    const compiled = isPostgres(db) ? onPostgres : onSqlite;
    const parameters = compiled.parameters.map((value) =>
      value instanceof Placeholder ? args[value.name] : value,
    );
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
  };
}

/** Whether `db` speaks PostgreSQL (a statement compiled for it, or a connection to it). */
export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
