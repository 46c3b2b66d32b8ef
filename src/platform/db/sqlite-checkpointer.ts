import { Worker } from "node:worker_threads";

// Runs in its own thread with its own connection: a checkpoint copies WAL pages into the database
// file and fsyncs it, which on the request thread stalls every request for milliseconds. The second
// checkpoint copies what was written during the first, so little is left when it reports.
const CHECKPOINT_LOOP = `
const { DatabaseSync } = require("node:sqlite");
const { parentPort, workerData } = require("node:worker_threads");
const database = new DatabaseSync(workerData.path);
database.exec("PRAGMA busy_timeout = 5000");
const checkpoint = database.prepare("PRAGMA wal_checkpoint(PASSIVE)");
setInterval(() => {
  try {
    checkpoint.get();
    checkpoint.get();
    parentPort.postMessage("checkpointed");
  } catch {}
}, workerData.intervalMs);
`;

export type Checkpointer = { stop(): Promise<void> };

/**
 * Checkpoints a WAL database from a background thread every `intervalMs`; the request thread's own
 * connection runs with automatic checkpoints off. PASSIVE never waits for readers or writers, but
 * the WAL only starts over when the writer begins a transaction with every frame copied, which under
 * steady writes never happens by chance: so after each background checkpoint, `finishTail` has the
 * writer copy the few frames left between two of its transactions, and the next write restarts the WAL.
 */
export function startCheckpointer(path: string, finishTail: () => void, intervalMs = 500): Checkpointer {
  const worker = new Worker(CHECKPOINT_LOOP, { eval: true, workerData: { path, intervalMs } });
  worker.unref();
  worker.on("error", () => {});
  worker.on("message", () => finishTail());
  return {
    stop: async () => {
      await worker.terminate();
    },
  };
}
