// Runs inside the SQLite write thread (write-thread.ts): applies the writes that arrive together in
// one transaction, each in a savepoint so that one failing write does not undo the others, and
// answers only once they are committed.
import { parentPort, workerData } from "node:worker_threads";
import { CompiledQuery, Kysely, sql } from "kysely";
import type { Database } from "./schema.ts";
import { sqliteDialect } from "./sqlite.ts";
import { loadWrite } from "./write-task.ts";
import type { WriteReply, WriteRequest } from "./write-thread.ts";

const port = parentPort;
if (!port) throw new Error("write-thread-worker.ts runs only as a worker thread");
const db = new Kysely<Database>({ dialect: sqliteDialect(workerData.path) });
const messageOf = (error: unknown) => String((error as Error)?.message ?? error);

type Write = Exclude<WriteRequest, { finishTail: true }>;
let queue: Write[] = [];
let running = false;

// PASSIVE never waits; run between two transactions, it copies what the checkpoint thread could not
// reach, so that the next transaction starts the WAL over.
const finishTail = CompiledQuery.raw("pragma wal_checkpoint(PASSIVE)");

port.on("message", (request: WriteRequest) => {
  if ("finishTail" in request) return void db.executeQuery(finishTail).catch(() => {});
  queue.push(request);
  if (running) return;
  running = true;
  // On the next turn: every write already sent joins the same transaction.
  setImmediate(() => void drain());
});

async function drain(): Promise<void> {
  while (queue.length > 0) {
    const batch = queue;
    queue = [];
    for (const reply of await applyTogether(batch)) port?.postMessage(reply);
  }
  running = false;
}

async function applyTogether(batch: Write[]): Promise<WriteReply[]> {
  const writes = await Promise.all(batch.map((request) => loadWrite(request).catch(() => null)));
  try {
    return await db.transaction().execute(async (trx) => {
      const replies: WriteReply[] = [];
      for (const [i, request] of batch.entries()) {
        const write = writes[i];
        if (!write) {
          replies.push({ id: request.id, ok: false, error: `no write ${request.module}#${request.name}` });
          continue;
        }
        await sql`savepoint write`.execute(trx);
        try {
          replies.push({ id: request.id, ok: true, value: await write(trx, request.input) });
        } catch (error) {
          await sql`rollback to write`.execute(trx);
          replies.push({ id: request.id, ok: false, error: messageOf(error) });
        }
        await sql`release write`.execute(trx);
      }
      return replies;
    });
  } catch (error) {
    // The transaction itself failed: nothing of the batch was written.
    return batch.map((request) => ({ id: request.id, ok: false, error: messageOf(error) }));
  }
}
