import { createHash } from "node:crypto";
import pg from "pg";

/** Prepared statements kept per connection; statements past this many run unprepared. */
export const PREPARED_PER_CONNECTION = 200;
/** Multi-row inserts (a request-log batch, a bulk append) vary in length and are never prepared. */
export const MOST_PREPARED_PARAMETERS = 100;

type PlainQuery = (config: unknown, values?: unknown, callback?: unknown) => Promise<unknown>;
const plainQuery = pg.Client.prototype.query as unknown as PlainQuery;

/**
 * A pg client that prepares each statement with parameters once per connection (named by its text)
 * and from then on only binds and runs it: PostgreSQL parses and plans it once instead of on every
 * call (decision 0027). A statement whose result columns changed since it was prepared (a migration
 * under a running process) is refused by PostgreSQL before it runs; it runs unprepared from then on.
 */
export class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();
  readonly #unprepared = new Set<string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has many overloads; this keeps them all.
  override query(config: any, values?: any, callback?: any): any {
    const preparable =
      typeof config === "string" &&
      Array.isArray(values) &&
      values.length > 0 &&
      values.length <= MOST_PREPARED_PARAMETERS &&
      callback === undefined &&
      !this.#unprepared.has(config) &&
      (this.#prepared.has(config) || this.#prepared.size < PREPARED_PER_CONNECTION);
    if (!preparable) return plainQuery.call(this, config, values, callback);
    this.#prepared.add(config);
    return this.#runPrepared(config, values);
  }

  async #runPrepared(text: string, values: unknown[]) {
    const name = createHash("sha1").update(text).digest("base64url");
    try {
      return await plainQuery.call(this, { name, text, values });
    } catch (error) {
      if ((error as { code?: string }).code !== "0A000") throw error;
      this.#unprepared.add(text);
      return plainQuery.call(this, text, values);
    }
  }
}
