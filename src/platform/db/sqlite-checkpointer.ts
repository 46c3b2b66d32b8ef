import { Worker } from "node:worker_threads";

// Runs in its own thread with its own connection: a checkpoint copies WAL pages into the database
// file and fsyncs it, which on the request thread stalls every request for milliseconds.
const CHECKPOINT_LOOP = `
const { DatabaseSync } = require("node:sqlite");
const { workerData } = require("node:worker_threads");
const database = new DatabaseSync(workerData.path);
database.exec("PRAGMA busy_timeout = 5000");
setInterval(() => {
  try {
    database.exec("PRAGMA wal_checkpoint(PASSIVE)");
  } catch {}
}, workerData.intervalMs);
`;

export type Checkpointer = { stop(): Promise<void> };

/**
 * Checkpoints a WAL database from a background thread every `intervalMs`; the request thread's own
 * connection runs with automatic checkpoints off. PASSIVE never waits for readers or writers.
 */
export function startCheckpointer(path: string, intervalMs = 500): Checkpointer {
  const worker = new Worker(CHECKPOINT_LOOP, { eval: true, workerData: { path, intervalMs } });
  worker.unref();
  worker.on("error", () => {});
  return {
    stop: async () => {
      await worker.terminate();
    },
  };
}
