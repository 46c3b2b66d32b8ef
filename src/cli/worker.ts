import { startAsyncWorker } from "../async-requests/job-handlers.ts";
import type { OperationRegistry } from "../async-requests/operations.ts";
import { loadConfig } from "../config.ts";
import { refreshConfiguredLists } from "../contributor-lists/refresh-configured-lists.ts";
import { openDatabase } from "../platform/db/connect.ts";
import { prepareDatabase } from "../platform/db/prepare-database.ts";
import { logThrough, processLogger } from "../platform/log.ts";
import { refreshConfiguredRegistration } from "../registration/refresh-configured-registration.ts";
import { createRfcSources } from "../rfc-operations/create-rfc-sources.ts";
import { registerRfcOperations } from "../rfc-operations/register-rfc-operations.ts";
import { createServices } from "../services.ts";
import type { Command } from "./command.ts";
import { sandboxUrlBeside } from "./session.ts";

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
  const services = createServices(database);
  const sources = createRfcSources({ config, database, services, sandboxUrl, log });
  registerRfcOperations(sources);
  addOperations?.(services.operations);
  const running = startAsyncWorker({ db: database.db, engine: database.engine, config, services }, log);
  const lists = refreshConfiguredLists({ db: database.db, config, sandboxUrl, log });
  const registration = refreshConfiguredRegistration({ database, config, sandboxUrl, log });
  log("info", "worker started", {
    worker: running.id,
    engine: database.engine,
    concurrency: config.worker.concurrency,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("info", "worker stopping", { signal });
    await Promise.all([running.stop(config.server.shutdownGraceMs), lists?.stop(), registration?.stop()]);
    await sources.upstreams.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
