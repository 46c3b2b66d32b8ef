import type { CompiledQuery, RawBuilder } from "kysely";
import type { Db } from "./connect.ts";

type Placeholder = { readonly index: number };

/**
 * A query compiled once per dialect and then run with new parameters: for the few statements on the
 * hot path, where building and compiling with Kysely each time costs more than running them.
 */
export function reusableQuery<Row, Params extends unknown[]>(
  build: (...params: Placeholder[]) => RawBuilder<Row>,
  arity: Params["length"],
): (db: Db, ...params: Params) => Promise<Row[]> {
  const compiled = new WeakMap<object, { query: CompiledQuery<Row>; positions: number[] }>();
  return async (db, ...params) => {
    const adapter = db.getExecutor().adapter;
    let entry = compiled.get(adapter);
    if (!entry) {
      const placeholders = Array.from({ length: arity }, (_, index) => ({ index }));
      const query = build(...placeholders).compile(db);
      const positions = query.parameters.map((p) => placeholders.indexOf(p as Placeholder));
      if (positions.includes(-1)) throw new Error("reusableQuery: every parameter must be a placeholder");
      entry = { query, positions };
      compiled.set(adapter, entry);
    }
    const parameters = entry.positions.map((i) => params[i]);
    const result = await db.executeQuery<Row>({ ...entry.query, parameters });
    return result.rows;
  };
}
