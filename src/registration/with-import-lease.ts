import type { Db } from "../platform/db/connect.ts";
import type { ListMode, RegistrationList } from "../platform/db/schema.ts";
import { takeImportLease } from "./import-lease.ts";

export class ImportBusyError extends Error {
  constructor(mode: ListMode, list: RegistrationList) {
    super(
      `another import of the ${mode} ${list === "rfc" ? "registered-RFC" : "certificate"} list is running`,
    );
    this.name = "ImportBusyError";
  }
}

/** Runs `work` holding the mode's import lease for the list; refuses when another process holds it. */
export async function withImportLease<T>(
  db: Db,
  mode: ListMode,
  list: RegistrationList,
  work: () => Promise<T>,
): Promise<T> {
  const lease = await takeImportLease(db, mode, list);
  if (!lease) throw new ImportBusyError(mode, list);
  try {
    return await work();
  } finally {
    await lease.release();
  }
}
