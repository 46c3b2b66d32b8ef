import type { DatabaseSync } from "node:sqlite";
import { Worker } from "node:worker_threads";

/**
 * Past this many WAL pages (64 MiB) a committing connection checkpoints by itself: only when the
 * checkpoint thread has fallen behind, e.g. while a long read holds the WAL.
 */
const FALLBACK_PAGES = 16_384;

/** The WAL file is cut back to this size when it starts over after growing past it. */
const WAL_SIZE_LIMIT = 16 * 1024 * 1024;

// Plain JavaScript: a worker that loads TypeScript costs ~30 MB of RSS, this one ~15 MB. Lowest CPU
// priority (nice 19; on Linux only this thread), like the registration sync (decision 0036). PASSIVE
// never waits for readers or writers; the second pass copies what was committed during the first.
const CHECKPOINT_LOOP = `
const { DatabaseSync } = require("node:sqlite");
const { parentPort, workerData } = require("node:worker_threads");
if (process.platform === "linux") require("node:os").setPriority(0, 19);
const database = new DatabaseSync(workerData.path);
database.exec("PRAGMA busy_timeout = 5000");
const checkpoint = database.prepare("PRAGMA wal_checkpoint(PASSIVE)");
const timer = setInterval(() => {
  try {
    checkpoint.get();
    checkpoint.get();
  } catch {}
}, workerData.intervalMs);
parentPort.once("message", () => {
  clearInterval(timer);
  database.close();
  parentPort.close();
});
`;

/**
 * Copies the WAL of a file database into the database file from a thread of its own. A checkpoint
 * writes pages and fsyncs twice; run by the committing connection (SQLite's default, every 1,000
 * pages) it stalled the request thread 1–7 ms, once a second or more under load (decision 0034).
 * A busy file is tried again at the next interval; if the thread dies, commits still checkpoint at
 * FALLBACK_PAGES. Returns what stops it: its connection closed, the thread ended.
 */
export function checkpointInThread(
  database: DatabaseSync,
  path: string,
  intervalMs = 250,
): () => Promise<void> {
  database.exec(`PRAGMA wal_autocheckpoint = ${FALLBACK_PAGES};
    PRAGMA journal_size_limit = ${WAL_SIZE_LIMIT};`);
  const worker = new Worker(CHECKPOINT_LOOP, { eval: true, workerData: { path, intervalMs } });
  const ended = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.unref();
  worker.on("error", () => {});
  return async () => {
    // Unreferenced, the thread would let a process with nothing else to do exit before it ends, and
    // the caller's `close()` would never settle (a script's last `await` left unsettled, exit code 13).
    worker.ref();
    worker.postMessage("stop");
    await ended;
  };
}
