import { startAsyncWorker } from "../async-requests/job-handlers.ts";
import type { OperationRegistry } from "../async-requests/operations.ts";
import { type Config, loadConfig } from "../config.ts";
import { refreshConfiguredLists } from "../contributor-lists/refresh-configured-lists.ts";
import { type DatabaseHandle, openDatabase } from "../platform/db/connect.ts";
import { prepareDatabase } from "../platform/db/prepare-database.ts";
import { type Log, logThrough, processLogger } from "../platform/log.ts";
import { refreshConfiguredRegistration } from "../registration/refresh-configured-registration.ts";
import { createRfcSources } from "../rfc-operations/create-rfc-sources.ts";
import type { Services } from "../services.ts";
import type { Command } from "./command.ts";
import { sandboxUrlBeside, stopOnSignals } from "./session.ts";

/** `padron worker`: runs jobs (async requests, webhook deliveries) until SIGINT/SIGTERM. */
export const worker: Command = { usage: "", options: {}, run: () => runWorker() };

/**
 * The worker process: the service's operations, plus those `addOperations` registers (an embedding
 * program's own, e.g. the tests' multi-process fixture).
 */
export async function runWorker(addOperations?: (operations: OperationRegistry) => void): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.database.url, config.database);
  await prepareDatabase(database, config.database.url);
  const log = logThrough(processLogger(config.log.level));
  // The jobs run the API's verbs: they need the same sources the API process has.
  const sandboxUrl = sandboxUrlBeside(config);
  const sources = createRfcSources({ config, database, sandboxUrl, log });
  addOperations?.(sources.services.operations);
  const background = startBackgroundWork({ database, config, services: sources.services, sandboxUrl, log });
  log("info", "worker started", {
    worker: background.workerId,
    engine: database.engine,
    concurrency: config.worker.concurrency,
  });
  stopOnSignals(async (signal) => {
    log("info", "worker stopping", { signal });
    await background.stop();
    await sources.upstreams.close();
    await database.close();
    process.exit(0);
  });
}

/** What a worker runs, alone or beside `padron serve`'s API: the jobs and the configured refreshes. */
export function startBackgroundWork(input: {
  database: DatabaseHandle;
  config: Config;
  services: Services;
  sandboxUrl: string | null;
  log: Log;
}) {
  const { database, config, services, sandboxUrl, log } = input;
  const jobs = startAsyncWorker({ db: database.db, engine: database.engine, config, services }, log);
  const lists = refreshConfiguredLists({ db: database.db, config, sandboxUrl, log });
  const registration = refreshConfiguredRegistration({ database, config, sandboxUrl, log });
  return {
    workerId: jobs.id,
    /** Jobs under way get the shutdown grace to finish; the refreshes stop at once. */
    stop: () => Promise.all([jobs.stop(config.server.shutdownGraceMs), lists?.stop(), registration?.stop()]),
  };
}
