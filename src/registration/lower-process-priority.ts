import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { constants, setPriority } from "node:os";

/** What a process lowered itself to: the idle scheduling class (with nice 19), or nice 19 alone. */
export type LoweredPriority = "idle class" | "nice 19";

/**
 * The lowest CPU priority for every thread of this process (later threads inherit it): nice 19 (0036)
 * and on Linux the idle class via util-linux's `chrt`, so a waking request takes the core at once (0039).
 */
export function lowerProcessPriority(): LoweredPriority {
  const threads = process.platform === "linux" ? readdirSync("/proc/self/task").map(Number) : [0];
  for (const thread of threads) setPriority(thread, constants.priority.PRIORITY_LOW);
  if (process.platform !== "linux") return "nice 19";
  try {
    execFileSync("chrt", ["--all-tasks", "--idle", "--pid", "0", String(process.pid)], { stdio: "ignore" });
    return "idle class";
  } catch {
    return "nice 19";
  }
}
