// The entry of a registration sync's own process (sync-in-process.ts): the lowest CPU priority, its own
// connection, the sync, the results sent back. It ends with the process that started it.
import { openDatabase } from "../platform/db/connect.ts";
import { processLogger } from "../platform/log.ts";
import { lowerProcessPriority } from "./lower-process-priority.ts";
import type { ProcessSync } from "./sync-in-process.ts";
import { syncRegistration } from "./sync-registration.ts";

if (lowerProcessPriority() !== "idle class")
  processLogger("warn").warn("registration sync at nice 19 only: no idle CPU class (util-linux chrt)");
const orphaned = () => process.exit(1);
process.once("disconnect", orphaned);
// With a callback, a parent already gone is this process's end, not an unhandled EPIPE with a stack.
const reply = (message: unknown) =>
  process.send?.(message, undefined, undefined, (error: Error | null) => error && orphaned());
process.once("message", async (input) => {
  const { database: settings, sync } = input as ProcessSync;
  const database = openDatabase(settings.url, { ...settings, poolSize: 2, role: "bulk" });
  try {
    reply({ results: await syncRegistration(database, sync) });
  } catch (error) {
    reply({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  } finally {
    await database.close();
    process.off("disconnect", orphaned);
    process.disconnect?.();
  }
});
// A message sent before this process listens would be lost: the parent sends the sync once asked.
reply("ready");
