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
    const { log } = checkpoint.get();
    if (log >= workerData.restartFrames) parentPort.postMessage("long");
  } catch {}
}, workerData.intervalMs);
`;

export type CheckpointSettings = {
  intervalMs: number;
  /** WAL length (frames, 4 KiB each) from which the writing connection is asked to start it over. */
  restartFrames: number;
};

/** 64 MiB of WAL: at 1,000 charged requests/s the writing connection copies a tail every few seconds. */
export const DEFAULT_CHECKPOINTS: CheckpointSettings = { intervalMs: 500, restartFrames: 16_384 };

/**
 * Checkpoints a WAL database from a thread of its own every `intervalMs`. PASSIVE never waits for
 * readers or writers, but the WAL only starts over when a writer begins a transaction with every
 * frame copied, which under steady writes never happens by chance: so once the WAL is long,
 * `finishTail` should have the writing connection copy the few frames left, between two of its transactions.
 * That copy stalls the writer for a millisecond or two, hence not after every checkpoint.
 */
export function startCheckpointer(
  path: string,
  finishTail: () => void,
  settings: CheckpointSettings = DEFAULT_CHECKPOINTS,
): Worker {
  const worker = new Worker(CHECKPOINT_LOOP, { eval: true, workerData: { path, ...settings } });
  worker.unref();
  worker.on("error", () => {});
  worker.on("message", () => finishTail());
  return worker;
}
