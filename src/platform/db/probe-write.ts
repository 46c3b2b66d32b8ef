import { resolve } from "node:path";
import type { Db } from "./connect.ts";

/** A database that answers reads but refuses writes (a read-only file, a read-only server). */
export class NotWritableError extends Error {
  constructor(where: string, cause: unknown) {
    super(
      `The database ${where} refuses writes (${(cause as Error).message ?? cause}). padron writes to it: ` +
        "check the file's permissions and its directory's (SQLite adds -wal and -shm files beside it), " +
        "or that the PostgreSQL server and user are not read-only.",
    );
    this.name = "NotWritableError";
  }
}

/** Rewrites one row: throws what the database answers when it takes no writes. */
export async function probeWrite(db: Db, name = "padron", now = Date.now()): Promise<void> {
  await db
    .insertInto("write_probes")
    .values({ name, probed_at: now })
    .onConflict((c) => c.column("name").doUpdateSet({ probed_at: now }))
    .execute();
}

/** The database named for people: the file of a SQLite URL, host and name of a PostgreSQL one. */
export function describeDatabase(url: string): string {
  if (url.startsWith("sqlite:")) return resolve(url.slice("sqlite:".length));
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}
