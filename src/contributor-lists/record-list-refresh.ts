import type { Db } from "../platform/db/connect.ts";
import type { ListMode, SyncFileResult } from "./list-store-types.ts";

/** Keeps the outcome of one list's refresh (only the last one per mode and list) for `lists status`. */
export async function recordListRefresh(db: Db, mode: ListMode, result: SyncFileResult): Promise<void> {
  const outcome = {
    status: result.status,
    reason: result.reason ?? null,
    attempts: result.attempts,
    refreshed_at: Date.now(),
  };
  await db
    .insertInto("list_refreshes")
    .values({ mode, list_key: result.list, ...outcome })
    .onConflict((conflict) => conflict.columns(["mode", "list_key"]).doUpdateSet(outcome))
    .execute();
}
