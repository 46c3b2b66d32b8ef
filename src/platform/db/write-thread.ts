import { Worker } from "node:worker_threads";
import type { WriteRunner, WriteTask } from "./write-task.ts";

export type WriteRequest =
  | { id: number; module: string; name: string; input: unknown }
  | { finishTail: true };
export type WriteReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

export interface WriteThread extends WriteRunner {
  /** After a checkpoint: the thread copies the WAL frames left, between two of its transactions. */
  finishTail(): void;
  /** Waits for the writes sent so far, then ends the thread. */
  stop(): Promise<void>;
}

type Waiter = { resolve(value: unknown): void; reject(error: Error): void };

/**
 * The SQLite write thread, with a connection of its own, started by the first write: the hot writes
 * (charges, the request log) run there, those that arrive together in one transaction; the request
 * thread only sends the input and gets the result once committed.
 */
export function startWriteThread(path: string): WriteThread {
  const pending = new Map<number, Waiter>();
  let nextId = 0;
  let worker: Worker | null = null;
  let stopped: Promise<void> | null = null;
  const failAll = (error: Error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
    worker = null;
  };
  const start = () => {
    const thread = new Worker(new URL("./write-thread-worker.ts", import.meta.url), { workerData: { path } });
    thread.unref();
    thread.on("message", (reply: WriteReply) => {
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.ok) waiter?.resolve(reply.value);
      else waiter?.reject(new Error(reply.error));
    });
    thread.on("error", (error) => failAll(error));
    thread.on("exit", (code) => failAll(new Error(`the SQLite write thread exited with code ${code}`)));
    return thread;
  };
  return {
    finishTail() {
      worker?.postMessage({ finishTail: true } satisfies WriteRequest);
    },
    run<I, O>(task: WriteTask<I, O>, input: I): Promise<O> {
      if (stopped) return Promise.reject(new Error("the database is closed"));
      worker ??= start();
      const request = { id: nextId++, module: task.module, name: task.name, input };
      return new Promise<O>((resolve, reject) => {
        pending.set(request.id, { resolve: resolve as Waiter["resolve"], reject });
        worker?.postMessage(request);
      });
    },
    stop() {
      stopped ??= (async () => {
        await Promise.allSettled([...pending.values()].map(settledOf));
        const ending = worker;
        worker = null;
        ending?.removeAllListeners("exit");
        await ending?.terminate();
      })();
      return stopped;
    },
  };
}

/** A promise that settles when the waiter does (its callbacks wrapped). */
function settledOf(waiter: Waiter): Promise<void> {
  return new Promise((done) => {
    const { resolve, reject } = waiter;
    waiter.resolve = (value) => {
      resolve(value);
      done();
    };
    waiter.reject = (error) => {
      reject(error);
      done();
    };
  });
}
