import { resolve } from "node:path";
import { ConfigurationError } from "../configuration-error.ts";

/** A database that answers reads but refuses writes (a read-only file, a read-only server). */
export const notWritableError = (where: string, cause: unknown) =>
  new ConfigurationError(
    `The database ${where} refuses writes (${(cause as Error).message ?? cause}). padron writes to it: ` +
      "check the file's permissions and its directory's (SQLite adds -wal and -shm files beside it), " +
      "or that the PostgreSQL server and user are not read-only.",
    { cause },
  );

/** A database padron cannot open or log in to: a directory, a file that is not SQLite, a wrong name. */
export const notUsableError = (where: string, cause: unknown) =>
  new ConfigurationError(
    `The database ${where} cannot be used: ${(cause as Error).message ?? cause}. Check DATABASE_URL.`,
    { cause },
  );

/** The database named for people: the file of a SQLite URL, host and name of a PostgreSQL one. */
export function describeDatabase(url: string): string {
  if (url.startsWith("sqlite:")) return resolve(url.slice("sqlite:".length));
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}
