import { Worker } from "node:worker_threads";

// Runs in its own thread with its own connection: a checkpoint copies WAL pages into the database
// file and fsyncs it, which stalls whoever runs it for milliseconds. The second checkpoint copies
// what was written during the first, so little is left when it reports.
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

/**
 * Checkpoints a WAL database from a thread of its own every `intervalMs`. PASSIVE never waits for
 * readers or writers, but the WAL only starts over when a writer begins a transaction with every
 * frame copied, which under steady writes never happens by chance: so after each checkpoint
 * `finishTail` should have the writer copy the few frames left, between two of its transactions.
 */
export function startCheckpointer(path: string, finishTail: () => void, intervalMs = 500): Worker {
  const worker = new Worker(CHECKPOINT_LOOP, { eval: true, workerData: { path, intervalMs } });
  worker.unref();
  worker.on("error", () => {});
  worker.on("message", () => finishTail());
  return worker;
}
