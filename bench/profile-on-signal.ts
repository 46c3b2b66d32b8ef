// Imported by the bench servers: SIGUSR2 starts a CPU profile, the next SIGUSR2 writes it to
// /tmp/padron-bench-<pid>.cpuprofile (and prints the event-loop delay meanwhile), so a profile covers
// the load and not the set-up.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { monitorEventLoopDelay } from "node:perf_hooks";

const delay = monitorEventLoopDelay({ resolution: 1 });

let session: Session | null = null;
process.on("SIGUSR2", async () => {
  if (!session) {
    session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
    delay.reset();
    delay.enable();
    return;
  }
  const { profile } = await session.post("Profiler.stop");
  delay.disable();
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  process.stderr.write(
    `event-loop delay p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms\n`,
  );
  writeFileSync(`/tmp/padron-bench-${process.pid}.cpuprofile`, JSON.stringify(profile));
  session.disconnect();
  session = null;
});
