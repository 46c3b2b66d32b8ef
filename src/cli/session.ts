import { type Config, loadConfig } from "../config.ts";
import { createProgressMeter, type FileProgress } from "../contributor-lists/progress-meter.ts";
import { type DatabaseHandle, openDatabase } from "../platform/db/connect.ts";
import { prepareDatabase } from "../platform/db/prepare-database.ts";

/** Config + a migrated database (and the migrations applied) for one CLI command; closed afterwards. */
export async function withDatabase<T>(
  work: (database: DatabaseHandle, config: Config, applied: string[]) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const database = openDatabase(config.database.url, {
    ...config.database,
    poolSize: 2,
    role: "bulk",
  });
  try {
    const applied = await prepareDatabase(database, config.database.url, { probe: false });
    return await work(database, config, applied);
  } finally {
    await database.close();
  }
}

/** Runs `stop` once: at the first SIGINT or SIGTERM, or when what this answers is called (stdin closed). */
export function stopOnSignals(stop: (signal: string) => Promise<void>): (signal: string) => void {
  let stopping = false;
  const stopOnce = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void stop(signal);
  };
  process.on("SIGINT", () => stopOnce("SIGINT"));
  process.on("SIGTERM", () => stopOnce("SIGTERM"));
  return stopOnce;
}

/** The sandbox of a process beside `padron serve`: SANDBOX_URL, else serve's in-process one. */
export const sandboxUrlBeside = (config: Config): string | null =>
  config.sandbox.url || (config.sandbox.enabled ? `http://127.0.0.1:${config.sandbox.port}` : null);

export const print = (json: boolean, data: unknown, text: string): void => {
  process.stdout.write(json ? `${JSON.stringify(data, null, 2)}\n` : `${text}\n`);
};

/** A progress meter on stderr for downloads reported file by file: a new file ends the one before. */
export const meterFor = () => {
  const meter = createProgressMeter(process.stderr);
  let shown = "";
  return {
    meter,
    update: (progress: FileProgress) => {
      if (shown && shown !== progress.file) meter.finishFile();
      shown = progress.file;
      meter.update(progress);
    },
  };
};

/** `--mode`: which lists (and catalogs) a command works on; live unless given. */
export function listModeOf(values: Record<string, string | boolean | undefined>): "live" | "sandbox" {
  const mode = values.mode ?? "live";
  if (mode !== "live" && mode !== "sandbox") throw new TypeError("--mode must be live or sandbox");
  return mode;
}

export function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value.trim() === "") throw new TypeError(`--${name} is required`);
  return value;
}

/**
 * Runs `work` against `source.url`; without one, sandbox mode runs the sandbox in-process for the
 * command's duration (same seed and size as `padron serve`'s, so the same files) and `work` gets its URL
 * and `sandboxPath`. Live mode without one is refused: invented taxpayers never reach the live tables.
 */
export async function withSourceOrSandbox<T>(
  config: Config,
  source: { mode: "live" | "sandbox"; url: string; liveSetting: string; sandboxPath: string },
  work: (baseUrl: string) => Promise<T>,
): Promise<T> {
  const { url, sandboxPath } = source;
  if (url && !/^https?:\/\/[^/]/.test(url)) throw new TypeError(`--url must be an http(s) URL, got "${url}"`);
  if (url) return work(url);
  if (source.mode === "live")
    throw new TypeError(`no live source: ${source.liveSetting} is empty; set it or give --url`);
  const { startSandbox } = await import("../sandbox/server.ts");
  const sandbox = await startSandbox({
    port: 0,
    seed: config.sandbox.seed,
    size: config.sandbox.size,
    timeScale: 0,
  });
  try {
    return await work(`${sandbox.url}${sandboxPath}`);
  } finally {
    await sandbox.close();
  }
}
