import type { Config } from "../config.ts";
import type { Db } from "../platform/db/connect.ts";
import type { Log } from "../platform/log.ts";
import { type PeriodicRefresh, startPeriodicRefresh } from "../platform/periodic-refresh.ts";
import type { ListMode, SyncFileResult } from "./list-store-types.ts";
import { type SyncOptions, syncLists } from "./sync-lists.ts";

/**
 * The refresh loop a worker runs: every mode named in LISTS_REFRESH_MODES that has a source (the
 * sandbox's URL for sandbox lists, SAT's container for live ones).
 */
export function refreshConfiguredLists(input: {
  db: Db;
  config: Config;
  sandboxUrl: string | null;
  log: Log;
}): PeriodicRefresh | null {
  const { config } = input;
  const sandboxBase = config.lists.sandboxBaseUrl || (input.sandboxUrl ? `${input.sandboxUrl}/` : "");
  const bases: Record<ListMode, string> = { live: config.lists.liveBaseUrl, sandbox: sandboxBase };
  const sources = config.lists.refreshModes
    .filter((mode) => bases[mode])
    .map((mode) => ({ mode, baseUrl: bases[mode] }));
  if (sources.length === 0) return null;
  return startListRefresh({
    db: input.db,
    sources,
    intervalMs: config.lists.refreshIntervalMs,
    minRowRatio: config.lists.minRowRatio,
    timeoutMs: config.lists.fetchTimeoutMs,
    retries: config.lists.fetchRetries,
    onResult: (mode, results) => logRefresh(input.log, mode, results),
    onError: (mode, error) =>
      input.log("error", "contributor lists refresh failed", { mode, error: String(error) }),
  });
}

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

/** Every file failed: an error, not "refreshed"; some files not taken: a warning naming them. */
function logRefresh(log: Log, mode: ListMode, results: readonly SyncFileResult[]): void {
  const notTaken = results
    .filter((result) => result.status === "failed" || result.status === "rejected")
    .map(({ list, status, reason }) => ({ list, status, reason }));
  if (notTaken.length === 0) log("info", "contributor lists refreshed", { mode, files: results.length });
  else if (results.every((result) => result.status === "failed"))
    log("error", "contributor lists refresh failed: no file could be downloaded", { mode, failed: notTaken });
  else log("warn", "contributor lists refreshed, some files not taken", { mode, failed: notTaken });
}
