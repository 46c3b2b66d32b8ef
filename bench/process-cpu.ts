// CPU seconds a process has used so far (user + system, all its threads), from /proc: lets a bench say
// which process spent the machine's CPU in each phase.
import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

export function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** CPU seconds each named process spends while `work` runs. */
export async function cpuDuring<T>(
  pids: Record<string, number>,
  work: () => Promise<T>,
): Promise<{ result: T; cpu_s: Record<string, number> }> {
  const before = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, processCpuSeconds(pid)]),
  );
  const result = await work();
  const cpu_s = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [
      name,
      Math.round((processCpuSeconds(pid) - before[name]) * 100) / 100,
    ]),
  );
  return { result, cpu_s };
}
