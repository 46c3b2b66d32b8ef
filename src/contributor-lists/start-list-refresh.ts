import type { Db } from "../platform/db/connect.ts";
import { type PeriodicRefresh, startPeriodicRefresh } from "../platform/periodic-refresh.ts";
import type { ListMode, SyncFileResult } from "./list-store-types.ts";
import { type SyncOptions, syncLists } from "./sync-lists.ts";

type ListRefreshOptions = Pick<SyncOptions, "minRowRatio" | "timeoutMs" | "retries" | "retryDelayMs"> & {
  db: Db;
  /** Each mode to keep fresh, with the base URL its files come from. */
  sources: { mode: ListMode; baseUrl: string }[];
  intervalMs: number;
  onResult?: (mode: ListMode, results: SyncFileResult[]) => void;
  onError?: (mode: ListMode, error: unknown) => void;
};

/**
 * The worker's periodic sync: at start and then every `intervalMs`, each mode whose lists were last
 * checked more than `intervalMs` ago is synced (so restarts and several workers don't re-download).
 */
export function startListRefresh(options: ListRefreshOptions): PeriodicRefresh {
  return startPeriodicRefresh({
    sources: options.sources,
    intervalMs: options.intervalMs,
    isDue: (source, intervalMs) => isDue(options.db, source.mode, intervalMs),
    sync: async (source, signal) => {
      // Synced first: `onResult?.(…, await syncLists(…))` would skip the sync with no onResult.
      const results = await syncLists(options.db, { ...options, ...source, signal });
      options.onResult?.(source.mode, results);
    },
    onError: (source, error) => options.onError?.(source.mode, error),
  });
}

async function isDue(db: Db, mode: ListMode, intervalMs: number): Promise<boolean> {
  const oldest = await db
    .selectFrom("list_current as c")
    .innerJoin("list_versions as v", "v.id", "c.version_id")
    .select((eb) => [eb.fn.min("v.checked_at").as("checked_at"), eb.fn.countAll().as("lists")])
    .where("c.mode", "=", mode)
    .executeTakeFirst();
  if (!oldest || Number(oldest.lists) === 0 || oldest.checked_at === null) return true;
  return Date.now() - Number(oldest.checked_at) >= intervalMs;
}
