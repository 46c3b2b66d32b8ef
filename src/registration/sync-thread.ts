// The entry of a registration sync's own thread (sync-in-thread.ts): the lowest CPU priority, its own
// connection, the sync, the results posted back. No state is shared with the thread that answers requests.
import { parentPort, workerData } from "node:worker_threads";
import { openDatabase } from "../platform/db/connect.ts";
import { lowerThreadPriority } from "./lower-thread-priority.ts";
import type { ThreadSync } from "./sync-in-thread.ts";
import { syncRegistration } from "./sync-registration.ts";

lowerThreadPriority();
const { database: settings, sync } = workerData as ThreadSync;
const database = openDatabase(settings.url, { ...settings, poolSize: 2, role: "bulk" });
try {
  parentPort?.postMessage(await syncRegistration(database, sync));
} finally {
  await database.close();
}
