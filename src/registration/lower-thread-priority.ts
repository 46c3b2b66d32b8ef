import { constants, setPriority } from "node:os";

/**
 * Gives the calling thread the lowest CPU priority (nice 19), so bulk work yields the cores to the
 * thread that answers requests (decision 0032). Linux keeps a nice value per thread; elsewhere it is
 * the whole process's, which must not slow the answers, so there it does nothing and says so.
 */
export function lowerThreadPriority(): boolean {
  if (process.platform !== "linux") return false;
  setPriority(0, constants.priority.PRIORITY_LOW);
  return true;
}
