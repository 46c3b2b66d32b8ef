// Imported by the bench servers: SIGUSR2 starts a CPU profile, the next SIGUSR2 writes it to
// /tmp/padron-bench-<pid>.cpuprofile (and prints the event-loop delay meanwhile), so a profile covers
// the load and not the set-up. BENCH_PROFILE=allocations samples every allocation instead, collected
// or not (/tmp/padron-bench-<pid>.heapprofile): what makes the garbage collector run; BENCH_PROFILE=snapshot
// writes a heap snapshot at each SIGUSR2 (what the heap holds).
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { writeHeapSnapshot } from "node:v8";

const delay = monitorEventLoopDelay({ resolution: 1 });
const allocations = process.env.BENCH_PROFILE === "allocations";

let session: Session | null = null;
process.on("SIGUSR2", async () => {
  if (process.env.BENCH_PROFILE === "snapshot") {
    process.stderr.write(
      `heap snapshot ${writeHeapSnapshot(`/tmp/padron-bench-${process.pid}.heapsnapshot`)}\n`,
    );
    return;
  }
  if (!session) {
    session = new Session();
    session.connect();
    if (allocations)
      await session.post("HeapProfiler.startSampling", {
        samplingInterval: 4096,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: process.env.BENCH_PROFILE_MINOR !== "false",
      });
    else {
      await session.post("Profiler.enable");
      await session.post("Profiler.start");
    }
    delay.reset();
    delay.enable();
    return;
  }
  const { profile } = allocations
    ? await session.post("HeapProfiler.stopSampling")
    : await session.post("Profiler.stop");
  delay.disable();
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  process.stderr.write(
    `event-loop delay p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms\n`,
  );
  const file = `/tmp/padron-bench-${process.pid}.${allocations ? "heapprofile" : "cpuprofile"}`;
  writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
  session = null;
});
