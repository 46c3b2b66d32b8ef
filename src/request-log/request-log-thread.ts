import { Worker } from "node:worker_threads";

// Runs in a thread with its own connection to the request log's file (decision 0011): the request
// thread only hands over the values, a hundred rows to a statement, and hears back once committed.
const WRITE_LOOP = `
const { DatabaseSync } = require("node:sqlite");
const { parentPort, workerData } = require("node:worker_threads");
const { path, table, columns, rowsPerStatement } = workerData;
const database = new DatabaseSync(path);
database.exec("PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
const row = "(" + columns.map(() => "?").join(", ") + ")";
const statements = new Map();
function insert(count) {
  let statement = statements.get(count);
  if (!statement) {
    const values = Array.from({ length: count }, () => row).join(", ");
    statement = database.prepare("insert into " + table + " (" + columns.join(", ") + ") values " + values);
    statements.set(count, statement);
  }
  return statement;
}
parentPort.on("message", ({ id, values }) => {
  if (id === "close") return database.close(), parentPort.close();
  try {
    database.exec("BEGIN IMMEDIATE");
    const step = rowsPerStatement * columns.length;
    for (let start = 0; start < values.length; start += step) {
      const part = values.slice(start, start + step);
      insert(part.length / columns.length).run(...part);
    }
    database.exec("COMMIT");
  } catch {
    // A batch that fails is dropped, as the request thread's own writes of the log always were.
    if (database.isTransaction) database.exec("ROLLBACK");
  }
  parentPort.postMessage({ id });
});
`;

export interface RowWriterThread {
  /** Inserts rows given as one flat array of values, column after column; settles once committed. */
  write(values: unknown[]): Promise<void>;
  /** Waits for what was handed over, then ends the thread. */
  stop(): Promise<void>;
  /** False once the thread has ended (stopped or died): the caller starts another. */
  readonly alive: boolean;
}

export function startRowWriterThread(
  path: string,
  table: string,
  columns: readonly string[],
): RowWriterThread {
  const worker = new Worker(WRITE_LOOP, {
    eval: true,
    workerData: { path, table, columns, rowsPerStatement: 100 },
  });
  worker.unref();
  const waiting = new Map<number, () => void>();
  let next = 0;
  let alive = true;
  worker.on("message", ({ id }: { id: number }) => {
    waiting.get(id)?.();
    waiting.delete(id);
    if (waiting.size === 0) worker.unref();
  });
  worker.on("error", () => {});
  worker.on("exit", () => {
    alive = false;
    for (const done of waiting.values()) done();
    waiting.clear();
  });
  return {
    get alive() {
      return alive;
    },
    write(values) {
      if (!alive) return Promise.resolve();
      const id = next++;
      // Held while a write is unanswered, so that a process ending right after still commits it.
      worker.ref();
      worker.postMessage({ id, values });
      return new Promise((resolve) => waiting.set(id, resolve));
    },
    async stop() {
      if (!alive) return;
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      worker.ref();
      worker.postMessage({ id: "close" });
      await exited;
    },
  };
}
