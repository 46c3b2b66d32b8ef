import { fork } from "node:child_process";
import { once } from "node:events";
import type { DatabaseOptions } from "../platform/db/connect.ts";
import type { ListSyncResult, RegistrationSyncOptions } from "./sync-registration.ts";

export type ProcessSync = {
  database: DatabaseOptions & { url: string };
  sync: Omit<RegistrationSyncOptions, "dispatcher" | "onProgress">;
};

type Reply = "ready" | { results?: ListSyncResult[]; error?: string };

/**
 * A registration sync in a process of its own at the lowest CPU priority, with its own database
 * connection (decision 0036): its gunzip, parsing, writes and garbage collection all yield the cores
 * to the process that answers requests. Stopped mid-import, nothing is published (the date is, at the
 * end) and the next import undoes what it left; no results.
 */
export function syncInProcess(input: ProcessSync) {
  const child = fork(new URL("./sync-process.ts", import.meta.url), {
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let stopping = false;
  const exited = once(child, "exit");
  const results = new Promise<ListSyncResult[]>((resolve, reject) => {
    child.on("message", (reply: Reply) => {
      if (reply === "ready") child.send(input);
      else if (reply.results) resolve(reply.results);
      else reject(new Error(`the registration sync failed: ${reply.error}`));
    });
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      stopping
        ? resolve([])
        : reject(new Error(`the registration sync process exited with ${signal ?? code}`)),
    );
  });
  return {
    results,
    stop: async () => {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
