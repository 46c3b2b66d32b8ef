import {
  type Compilable,
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
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

// Kysely instances that only compile (Kysely's "cold" use): the SQL text of each engine.
const compilerOf = (adapter: typeof PostgresAdapter | typeof SqliteAdapter) =>
  new Kysely<Database>({
    dialect: {
      createAdapter: () => new adapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) =>
        adapter === PostgresAdapter ? new PostgresIntrospector(db) : new SqliteIntrospector(db),
      createQueryCompiler: () =>
        adapter === PostgresAdapter ? new PostgresQueryCompiler() : new SqliteQueryCompiler(),
    },
  });
const postgres = compilerOf(PostgresAdapter);
const sqlite = compilerOf(SqliteAdapter);

/**
 * A query on every request's path, built and compiled once per engine when the module loads, then run
 * with each call's values. Built on each call it cost ~13 % of the process's CPU on the registration
 * lookup, in objects V8 keeps in the old generation (decision 0030). `build` may only pass `args` on to
 * the query, not compute with them: it sees placeholders.
 */
export function compiledOnce<A extends Record<string, unknown>, R>(
  build: (db: Db, args: A) => Compilable<R>,
): (db: Db, args: A) => Promise<R[]> {
  const placeholders = new Proxy({}, { get: (_, name) => new Placeholder(String(name)) }) as A;
  const onPostgres = build(postgres, placeholders).compile();
  const onSqlite = build(sqlite, placeholders).compile();
  return async (db, args) => {
    const compiled: CompiledQuery<R> =
      db.getExecutor().adapter instanceof PostgresAdapter ? onPostgres : onSqlite;
    const parameters = compiled.parameters.map((value) =>
      value instanceof Placeholder ? args[value.name] : value,
    );
    const { rows } = await db.executeQuery<R>({ ...compiled, parameters });
    return rows;
  };
}
