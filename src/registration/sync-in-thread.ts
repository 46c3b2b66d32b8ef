import { Worker } from "node:worker_threads";
import type { DatabaseOptions } from "../platform/db/connect.ts";
import type { ListSyncResult, RegistrationSyncOptions } from "./sync-registration.ts";

export type ThreadSync = {
  database: DatabaseOptions & { url: string };
  sync: Omit<RegistrationSyncOptions, "dispatcher" | "onProgress">;
};

export type SyncThread = { results: Promise<ListSyncResult[]>; stop(): Promise<void> };

/**
 * A registration sync on a thread of its own, with its own database connection (decision 0029): the
 * import's parsing, writes and garbage stay off the thread that answers requests. Stopped mid-import,
 * nothing is published (the date is, at the end) and the next import undoes what it left; no results.
 */
export function syncInThread(input: ThreadSync): SyncThread {
  const worker = new Worker(new URL("./sync-thread.ts", import.meta.url), { workerData: input });
  let stopping = false;
  const results = new Promise<ListSyncResult[]>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) =>
      stopping ? resolve([]) : reject(new Error(`the registration sync thread exited with ${code}`)),
    );
  });
  return {
    results,
    stop: async () => {
      stopping = true;
      await worker.terminate();
    },
  };
}
