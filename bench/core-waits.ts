// How long each part of a bench ran on a core and waited for one, over a window, from Linux's per-thread
// scheduler statistics (/proc/PID/task/TID/schedstat: time on a core, time runnable but waiting). On a
// machine whose cores are all busy, a request's latency holds the waits of every thread it passes
// through; a p99 alone cannot tell those waits apart from slow code. Elsewhere than Linux: null.
import { readdirSync, readFileSync } from "node:fs";

export type CoreTally = { cpu_ms_per_s: number; waited_ms_per_s: number };
type Roles = { server: number; loadGenerator: number };
type Sample = { group: string; cpu: number; waited: number };

/** Starts a window; the function it returns ends it and gives each group's time per second of the window. */
export function startCoreWaits(roles: Roles): () => Record<string, CoreTally> | null {
  if (process.platform !== "linux") return () => null;
  const before = sampleThreads(roles);
  const started = performance.now();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const tallies: Record<string, { cpu: number; waited: number }> = {};
    for (const [thread, now] of sampleThreads(roles)) {
      const then = before.get(thread) ?? { cpu: 0, waited: 0 };
      tallies[now.group] ??= { cpu: 0, waited: 0 };
      tallies[now.group].cpu += now.cpu - then.cpu;
      tallies[now.group].waited += now.waited - then.waited;
    }
    const perSecond = (ns: number) => Math.round(ns / 1e6 / seconds);
    return Object.fromEntries(
      Object.entries(tallies)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([group, t]) => [
          group,
          { cpu_ms_per_s: perSecond(t.cpu), waited_ms_per_s: perSecond(t.waited) },
        ]),
    );
  };
}

/** Every thread on the machine now, keyed `pid/tid`: its group and nanoseconds on a core and waiting. */
function sampleThreads(roles: Roles): Map<string, Sample> {
  const samples = new Map<string, Sample>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // the process ended meanwhile
    }
    for (const tid of tids) {
      try {
        const [cpu, waited] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "latin1")
          .split(" ")
          .map(Number);
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "latin1");
        samples.set(`${pid}/${tid}`, { group: groupOf(roles, Number(pid), Number(tid), stat), cpu, waited });
      } catch {}
    }
  }
  return samples;
}

function groupOf(roles: Roles, pid: number, tid: number, stat: string): string {
  if (pid === roles.loadGenerator) return "load generator";
  if (pid === roles.server) {
    if (tid === pid) return "server: request thread";
    // Fields after the command's closing parenthesis: the 17th is the nice value.
    const nice = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    return nice > 0 ? "server: lowered threads" : "server: other threads";
  }
  const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
  return command.startsWith("postgres") ? "postgresql" : "rest of the machine";
}
