import type { Db } from "./connect.ts";

/**
 * A write named by the module that exports it, so that on SQLite it can run on the write thread
 * (write-thread.ts), committed together with the writes that arrive with it and off the request
 * thread. The exported function gets a transaction (a savepoint on the thread) and the input.
 */
export interface WriteTask<I, O> {
  readonly module: string;
  readonly name: string;
  /** Never set: carries the types only. */
  readonly types?: (input: I) => O;
}

export const writeTask = <I, O>(module: string, name: string): WriteTask<I, O> => ({ module, name });

export interface WriteRunner {
  run<I, O>(task: WriteTask<I, O>, input: I): Promise<O>;
}

const runners = new WeakMap<Db, WriteRunner>();

export function useWriteRunner(db: Db, runner: WriteRunner): void {
  runners.set(db, runner);
}

/** Runs a write task on the database's write thread when it has one, else here in a transaction. */
export async function runWrite<I, O>(db: Db, task: WriteTask<I, O>, input: I): Promise<O> {
  const runner = runners.get(db);
  if (runner) return runner.run(task, input);
  const write = await loadWrite(task);
  return db.transaction().execute((trx) => write(trx, input));
}

type Write<I, O> = (trx: Db, input: I) => Promise<O>;
const loaded = new Map<string, Write<unknown, unknown>>();

export async function loadWrite<I, O>(task: WriteTask<I, O>): Promise<Write<I, O>> {
  const key = `${task.module}#${task.name}`;
  let write = loaded.get(key);
  if (!write) {
    const module = (await import(task.module)) as Record<string, unknown>;
    if (typeof module[task.name] !== "function") throw new Error(`${key} is not a function`);
    write = module[task.name] as Write<unknown, unknown>;
    loaded.set(key, write);
  }
  return write as Write<I, O>;
}
