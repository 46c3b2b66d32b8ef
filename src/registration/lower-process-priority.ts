import { readdirSync } from "node:fs";
import { constants, setPriority } from "node:os";

/**
 * Gives this whole process the lowest CPU priority (nice 19), so bulk work yields the cores to the
 * process that answers requests (decisions 0032, 0035). Linux keeps a nice value per thread: each
 * thread running now (V8's helpers among them) is lowered, and threads started later inherit it.
 */
export function lowerProcessPriority(): void {
  if (process.platform !== "linux") return setPriority(0, constants.priority.PRIORITY_LOW);
  for (const thread of readdirSync("/proc/self/task"))
    setPriority(Number(thread), constants.priority.PRIORITY_LOW);
}
