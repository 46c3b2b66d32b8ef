import { registerAsyncOperations } from "../batches/register-async-operations.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../platform/db/connect.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";
import { createPostalCodeCatalog } from "../postal-codes/postal-code-catalog.ts";
import { startAsyncWorker } from "../requests/job-handlers.ts";
import { createUpstreams } from "../upstreams/create-upstreams.ts";
import type { Command } from "./commands.ts";

/** `padron worker`: runs jobs (async requests, webhook deliveries) until SIGINT/SIGTERM. */
export const worker: Command = {
  usage: "",
  options: {},
  async run() {
    const config = loadConfig();
    const database = openDatabase(config.databaseUrl, { poolSize: config.databasePoolSize });
    await migrateToLatest(database);
    const log = (level: string, message: string, fields: Record<string, unknown> = {}) =>
      process.stderr.write(`${JSON.stringify({ level, time: Date.now(), msg: message, ...fields })}\n`);
    // The jobs run the API's verbs: they need the same sources the API process has.
    const sandboxUrl =
      config.sandboxUrl || (config.sandbox ? `http://127.0.0.1:${config.sandboxPort}` : null);
    const upstreams = createUpstreams({ config, sandboxUrl });
    registerAsyncOperations({
      config,
      database,
      upstreams,
      postalCodes: createPostalCodeCatalog(database.db, {
        sandboxSource: sandboxUrl ? upstreams.forMode("test").postalCatalog : null,
      }),
      lookupSatLists: async () => [],
    });
    const running = startAsyncWorker({ db: database.db, engine: database.engine, config }, log);
    log("info", "worker started", {
      worker: running.id,
      engine: database.engine,
      concurrency: config.workerConcurrency,
    });
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      log("info", "worker stopping", { signal });
      await running.stop(config.shutdownGraceMs);
      await upstreams.close();
      await database.close();
      process.exit(0);
    };
    process.on("SIGINT", () => void stop("SIGINT"));
    process.on("SIGTERM", () => void stop("SIGTERM"));
  },
};
