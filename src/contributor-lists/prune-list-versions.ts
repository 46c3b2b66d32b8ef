import type { Db } from "../platform/db/connect.ts";
import { deleteListVersion } from "./delete-list-version.ts";
import type { ListMode } from "./list-store-types.ts";

/** A version still "loading" after this long belongs to a process that died mid-ingest. */
const ABANDONED_LOADING_MS = 6 * 60 * 60 * 1000;

/** Deletes the retired versions of a mode, and loads abandoned long ago. Returns how many went. */
export async function pruneListVersions(db: Db, mode: ListMode): Promise<number> {
  const stale = await db
    .selectFrom("list_versions")
    .select("id")
    .where("mode", "=", mode)
    .where((eb) =>
      eb.or([
        eb("status", "=", "retired"),
        eb.and([eb("status", "=", "loading"), eb("fetched_at", "<", Date.now() - ABANDONED_LOADING_MS)]),
      ]),
    )
    .execute();
  for (const { id } of stale) await deleteListVersion(db, id);
  return stale.length;
}
