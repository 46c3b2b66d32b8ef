import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { PreparingClient } from "./preparing-client.ts";
import type { Database } from "./schema.ts";
import { type ConnectionRole, sqliteDialect } from "./sqlite.ts";

export type Engine = "sqlite" | "postgres";
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  /** PostgreSQL only: COPY … FROM STDIN of text-format lines (tab-separated, `\N` for null). */
  copyLines?(table: string, columns: readonly string[], lines: AsyncIterable<Uint8Array>): Promise<void>;
  close(): Promise<void>;
}

// BIGINT columns hold epoch milliseconds and credits: safe integers, so read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type DatabaseOptions = {
  /** PostgreSQL connections. */
  poolSize?: number;
  /** PostgreSQL: prepare statements once per connection (default true; decision 0027). */
  prepare?: boolean;
  /**
   * SQLite: `serving` (default) never makes the thread that answers requests wait: the WAL is copied
   * into the file by a thread of its own (decision 0034), and a statement waits for another connection's
   * write lock without sleeping on the thread (decision 0035). `bulk`: SQLite's own ways, for bulk
   * writers and commands, whose own thread should pay for their writes; on PostgreSQL their backend
   * starts the writeback of its writes early (decision 0048).
   */
  role?: ConnectionRole;
};

export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith("sqlite:")) {
    const path = url.slice("sqlite:".length);
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    const { dialect, stopCheckpoints } = sqliteDialect(path, options.role ?? "serving");
    const db = new Kysely<Database>({ dialect });
    const close = async () => {
      await stopCheckpoints();
      await db.destroy();
    };
    return { db, engine: "sqlite", close };
  }
  // Connections stay open once made: a pool that closed idle ones after pg's default 10 s reconnected
  // under steady load, and each reconnect stalled the requests behind it by 10–40 ms (decision 0027).
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    idleTimeoutMillis: 0,
    ...(options.prepare === false ? {} : { Client: PreparingClient }),
  });
  // An idle client dropped by the server (restart, failover) must not crash the process; the pool
  // replaces it and the next query reports any lasting problem.
  pool.on("error", () => {});
  if (options.role === "bulk") pool.on("connect", startsWritebackEarly);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: "postgres",
    async copyLines(table, columns, lines) {
      const client = await pool.connect();
      try {
        await pipeline(
          Readable.from(lines),
          client.query(copyFrom(`copy ${table} (${columns.join(", ")}) from stdin`)),
        );
      } finally {
        client.release();
      }
    },
    close: () => db.destroy(),
  };
}

/**
 * A bulk writer's own backend starts the OS writeback of what it writes every 256 kB, as PostgreSQL's
 * checkpointer does: left to the OS, a sync's writes built up to ~800 MB of dirty pages, written out at
 * once, that every charge's commit then waited behind (decision 0048). A hint: a refusal changes nothing.
 */
function startsWritebackEarly(client: pg.PoolClient): void {
  client.query("set backend_flush_after = '256kB'").catch(() => {});
}

/** Where padron keeps its local files: beside a SQLite database file, else `./data`. */
export function dataDirectoryOf(url: string): string {
  const path = url.startsWith("sqlite:") ? url.slice("sqlite:".length) : ":memory:";
  return path === ":memory:" ? "data" : dirname(path);
}

export async function isReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
