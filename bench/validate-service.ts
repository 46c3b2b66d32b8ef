// Child process of bench/validate-load.ts: the service alone (SQLite, a live key whose connectors are
// the sandbox, the catalog rows the parent cut from the sandbox's SEPOMEX file as the live catalog), so its RSS and
// event-loop delay are its own. Prints { url, key }; over IPC "measure" starts sampling, "report" answers.
// Optional third and fourth arguments: files for a CPU profile and an allocation profile of the measurement;
// fifth to seventh: a heap snapshot file, written once when RSS first passes the sixth (MB, default 450)
// or, when the seventh is given, that many seconds into the measurement.
import "reflect-metadata";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics, writeHeapSnapshot } from "node:v8";
import { createUser } from "../src/accounts/create-user.ts";
import { issueApiKey } from "../src/api-keys/issue-api-key.ts";
import { buildApp } from "../src/app.ts";
import { parseConfig } from "../src/config.ts";
import { openDatabase } from "../src/platform/db/connect.ts";
import { migrateToLatest } from "../src/platform/db/migrate.ts";
import { importPostalCodes } from "../src/postal-codes/import-postal-codes.ts";
import type { PostalSettlement } from "../src/upstreams/postal-catalog/port.ts";

const [url, catalogFile, profileFile, allocationsFile, snapshotFile, snapshotAtMb, snapshotAfterS, limits] =
  process.argv.slice(2);
const snapshotAt = Number(snapshotAtMb || 450) * 1048576;
let snapshotTaken = false;
let measuredFrom = 0;
const databaseUrl = `sqlite:${join(mkdtempSync(join(tmpdir(), "padron-bench-")), "padron.db")}`;
const huge = "600000";
// "unbounded": upstream concurrency above what the bench asks for, as the bare chain has no limit;
// otherwise the service runs with the concurrency it ships with.
const unbounded =
  limits === "unbounded"
    ? Object.fromEntries(
        ["PADRON", "CERTIFICATE_SEARCH", "CERTIFICATE_FILES", "RENAPO"].map((u) => [
          `${u}_CONCURRENCY`,
          "5000",
        ]),
      )
    : {};
const config = parseConfig({
  LOG_LEVEL: "warn",
  SANDBOX: "false",
  DEMO_USER: "",
  DATABASE_URL: databaseUrl,
  SANDBOX_URL: url,
  PADRON_VALIDATION_URL: `${url}/padron/validate`,
  CERTIFICATE_SEARCH_URL: `${url}/certificates`,
  CERTIFICATE_FILES_URL: `${url}/rccf/`,
  RENAPO_URL: `${url}/renapo/curp`,
  COMMERCE_REGISTRY_URL: `${url}/registry/search`,
  RATE_LIMIT_PER_MINUTE: huge,
  ...unbounded,
  PADRON_TIMEOUT_MS: huge,
  CERTIFICATE_SEARCH_TIMEOUT_MS: huge,
  CERTIFICATE_FILES_TIMEOUT_MS: huge,
  RENAPO_TIMEOUT_MS: huge,
});
const database = openDatabase(config.database.url);
await migrateToLatest(database);
const padron = await buildApp({ config, database, logStream: { write: () => true } as never });
await padron.app.listen({ port: 0, host: "127.0.0.1", backlog: 4096 });
const settlements = JSON.parse(readFileSync(catalogFile, "utf8")) as PostalSettlement[];
await importPostalCodes(database.db, "live", settlements, "bench", config.upstreams.postalCatalog);
const user = await createUser(database.db, { email: "bench@padron.local" }, { signupCredits: 10_000_000 });
const { key } = await issueApiKey(database.db, { ownerId: user.id, label: "bench", mode: "live" });
const port = (padron.app.server.address() as AddressInfo).port;
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, key })}\n`);

let rssPeak = 0;
let atPeak = process.memoryUsage();
let spacesAtPeak = getHeapSpaceStatistics();
let sampler: NodeJS.Timeout | undefined;
const delay = monitorEventLoopDelay({ resolution: 10 });
// Garbage-collection pauses on the main thread during the measurement: how much of the delay they are.
const pauses: number[] = [];
const collections = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) pauses.push(entry.duration);
});
const profiler = profileFile || allocationsFile ? new Session() : null;
profiler?.connect();
// Every allocation sampled, also those collected since: where the garbage comes from.
const sampling = {
  samplingInterval: 16384,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
};
process.on("message", async (message) => {
  if (message === "measure") {
    if (profileFile) {
      await profiler?.post("Profiler.enable");
      await profiler?.post("Profiler.start");
    }
    if (allocationsFile) {
      await profiler?.post("HeapProfiler.enable");
      await profiler?.post("HeapProfiler.startSampling", sampling as never);
    }
    rssPeak = process.memoryUsage.rss();
    measuredFrom = performance.now();
    sampler = setInterval(() => {
      const rss = process.memoryUsage.rss();
      if (rss > rssPeak) {
        rssPeak = rss;
        atPeak = process.memoryUsage();
        spacesAtPeak = getHeapSpaceStatistics();
      }
      const due = snapshotAfterS
        ? performance.now() - measuredFrom >= Number(snapshotAfterS) * 1000
        : rssPeak >= snapshotAt;
      if (snapshotFile && !snapshotTaken && due) {
        snapshotTaken = true;
        // The memory at the moment, for the snapshot's reader: heap versus buffers versus the rest.
        process.stderr.write(`heap snapshot at ${JSON.stringify(process.memoryUsage())}\n`);
        writeHeapSnapshot(snapshotFile);
      }
    }, 20);
    delay.reset();
    delay.enable();
    pauses.length = 0;
    collections.observe({ entryTypes: ["gc"] });
  } else if (message === "report") {
    clearInterval(sampler);
    delay.disable();
    collections.disconnect();
    if (profileFile) {
      const profiled = await profiler?.post("Profiler.stop");
      writeFileSync(profileFile, JSON.stringify(profiled?.profile));
    }
    if (allocationsFile) {
      const sampled = await profiler?.post("HeapProfiler.stopSampling");
      writeFileSync(allocationsFile, JSON.stringify(sampled?.profile));
    }
    process.send?.({
      rss_peak_mb: Math.round(rssPeak / 1048576),
      at_peak_mb: Object.fromEntries(
        Object.entries(atPeak).map(([name, bytes]) => [name, Math.round(bytes / 1048576)]),
      ),
      // Each V8 space's size and use at the peak: which generation holds the heap.
      heap_spaces_at_peak_mb: Object.fromEntries(
        spacesAtPeak.map((space) => [
          space.space_name,
          [Math.round(space.space_size / 1048576), Math.round(space.space_used_size / 1048576)],
        ]),
      ),
      event_loop_delay_p99_ms: Math.round((delay.percentile(99) / 1e6) * 10) / 10,
      event_loop_delay_max_ms: Math.round((delay.max / 1e6) * 10) / 10,
      gc_pauses: pauses.length,
      gc_pause_total_ms: Math.round(pauses.reduce((sum, ms) => sum + ms, 0)),
      gc_pause_max_ms: Math.round(Math.max(0, ...pauses) * 10) / 10,
      type_stripper_loaded: (process as unknown as { moduleLoadList: string[] }).moduleLoadList.some((name) =>
        name.includes("amaro"),
      ),
    });
  }
});
process.on("SIGTERM", () => void padron.app.close().then(() => process.exit(0)));
