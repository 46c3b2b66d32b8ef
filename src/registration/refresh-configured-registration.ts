import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../platform/db/connect.ts";
import type { ListMode } from "../platform/db/schema.ts";
import type { Log } from "../platform/log.ts";
import { type PeriodicRefresh, startPeriodicRefresh } from "../platform/periodic-refresh.ts";
import { syncInProcess } from "./sync-in-process.ts";

/** Where a mode's l_RFC and LCO come from: the configured container, else the in-process sandbox's. */
export function registrationBaseUrl(config: Config, mode: ListMode, sandboxUrl: string | null): string {
  if (mode === "live") return config.registration.liveBaseUrl;
  return config.registration.sandboxBaseUrl || (sandboxUrl ? `${sandboxUrl}/lco` : "");
}

/**
 * A mode's sync from `baseUrl` as configured, for `padron registration sync` and the daily sync. The
 * sandbox publishes a few dates: a first sync takes two, so removals and restorations show at once.
 */
export function configuredSync(config: Config, mode: ListMode, baseUrl: string) {
  return {
    mode,
    baseUrl,
    downloadDir: config.registration.downloadDir,
    minRowRatio: config.registration.minRowRatio,
    writeShare: config.registration.syncWriteShare,
    timeoutMs: config.lists.fetchTimeoutMs,
    retries: config.lists.fetchRetries,
    firstDates: mode === "sandbox" ? 2 : 1,
  };
}

/**
 * The daily sync `padron serve` and workers run for REGISTRATION_REFRESH_MODES (null: none), each in a
 * process of its own (decision 0036); stopping ends a sync under way.
 */
export function refreshConfiguredRegistration(input: {
  database: DatabaseHandle;
  config: Config;
  sandboxUrl: string | null;
  log: Log;
}): PeriodicRefresh | null {
  const { config, database } = input;
  const sources = config.registration.refreshModes
    .map((mode) => configuredSync(config, mode, registrationBaseUrl(config, mode, input.sandboxUrl)))
    .filter((source) => source.baseUrl !== "");
  if (sources.length === 0) return null;
  return startPeriodicRefresh({
    sources,
    intervalMs: config.registration.refreshIntervalMs,
    isDue: async (source, intervalMs) => {
      const rows = await database.db
        .selectFrom("registration_lists")
        .select("last_sync_at")
        .where("mode", "=", source.mode)
        .execute();
      return rows.length < 2 || rows.some((row) => (row.last_sync_at ?? 0) < Date.now() - intervalMs);
    },
    sync: async (source, signal) => {
      signal.throwIfAborted();
      const child = syncInProcess({ database: config.database, sync: source });
      // Stopped, the process ends and its results are none: a stopped import publishes nothing.
      const stop = () => void child.stop();
      signal.addEventListener("abort", stop, { once: true });
      const results = await child.results.finally(() => signal.removeEventListener("abort", stop));
      for (const result of results)
        input.log(result.status === "failed" ? "error" : "info", "registration list synced", {
          mode: source.mode,
          list: result.list,
          status: result.status,
          date: result.date,
          ...(result.reason ? { reason: result.reason } : {}),
        });
    },
    onError: (source, error) =>
      input.log("error", "registration list sync failed", { mode: source.mode, error: String(error) }),
  });
}
