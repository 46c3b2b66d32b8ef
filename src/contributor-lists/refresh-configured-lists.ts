import type { Config } from "../config.ts";
import type { Db } from "../platform/db/connect.ts";
import type { Log } from "../platform/log.ts";
import type { PeriodicRefresh } from "../platform/periodic-refresh.ts";
import type { ListMode, SyncFileResult } from "./list-store-types.ts";
import { startListRefresh } from "./start-list-refresh.ts";

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
