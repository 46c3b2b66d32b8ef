import { createHash } from "node:crypto";
import pg from "pg";

/** Prepared statements kept per connection; statements past this many run unprepared. */
export const PREPARED_PER_CONNECTION = 200;
/** Multi-row inserts (a request-log batch, a bulk append) vary in length and are never prepared. */
export const MOST_PREPARED_PARAMETERS = 100;

type Callback = (error: Error | null, result: unknown) => void;
type PlainQuery = (config: unknown, values?: unknown, callback?: unknown) => unknown;
const plainQuery = pg.Client.prototype.query as unknown as PlainQuery;

/**
 * A pg client that prepares each statement with parameters once per connection (named by its text)
 * and from then on only binds and runs it: PostgreSQL parses and plans it once instead of on every
 * call (decision 0027). A statement whose result columns changed since it was prepared (a migration
 * under a running process) is refused by PostgreSQL before it runs; it runs unprepared from then on.
 * Text queries always go through pg's callback form (decision 0033).
 */
export class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();
  readonly #unprepared = new Set<string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has many overloads; this keeps them all.
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config !== "string" || callback !== undefined || typeof values === "function")
      return plainQuery.call(this, config, values, callback);
    const preparable =
      Array.isArray(values) &&
      values.length > 0 &&
      values.length <= MOST_PREPARED_PARAMETERS &&
      !this.#unprepared.has(config) &&
      (this.#prepared.has(config) || this.#prepared.size < PREPARED_PER_CONNECTION);
    if (!preparable) return this.#run(config, values);
    this.#prepared.add(config);
    return this.#runPrepared(config, values);
  }

  async #runPrepared(text: string, values: unknown[]) {
    const name = createHash("sha1").update(text).digest("base64url");
    try {
      return await this.#run({ name, text, values });
    } catch (error) {
      if ((error as { code?: string }).code !== "0A000") throw error;
      this.#unprepared.add(text);
      return this.#run(text, values);
    }
  }

  /** pg's promise form made V8 promote most of each query's garbage (decision 0033). */
  #run(config: unknown, values?: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const done: Callback = (error, result) => (error ? reject(error) : resolve(result));
      if (values === undefined) plainQuery.call(this, config, done);
      else plainQuery.call(this, config, values, done);
    });
  }
}
