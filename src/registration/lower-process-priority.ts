import { readdirSync } from "node:fs";
import { constants, setPriority } from "node:os";

/**
 * Gives this whole process the lowest CPU priority (nice 19), so bulk work yields the cores to the
 * process that answers requests (decision 0036). Linux keeps a nice value per thread: each
 * thread running now (V8's helpers among them) is lowered, and threads started later inherit it.
 */
export function lowerProcessPriority(): void {
  const threads = process.platform === "linux" ? readdirSync("/proc/self/task").map(Number) : [0];
  for (const thread of threads) setPriority(thread, constants.priority.PRIORITY_LOW);
}
