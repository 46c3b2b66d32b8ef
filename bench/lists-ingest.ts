// Ingests a generated 1,000,000-row Art. 69 file (bench/lists-generate.ts) into a fresh database, with
// lookups running all along, and prints rows, seconds, peak RSS, lookup latency and event-loop delay during it.
// It runs under the Node flags `padron` and `npm start` ship with (an import and the daily refresh run
// there), re-starting itself with them if need be; BENCH_PLAIN_NODE=1 measures plain `node` instead.
// Usage: [BENCH_PLAIN_NODE=1] node bench/lists-ingest.ts [ROWS=1000000] [DATABASE_URL=sqlite:<tmp>]
// Targets (DESIGN §5): 1M rows < 30 s, peak RSS < 300 MB, lookups unaffected during the ingest.
import { execFileSync, spawnSync } from "node:child_process";
import { createReadStream, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { ingestListFile } from "../src/contributor-lists/ingest-list-file.ts";
import { lookupSatLists } from "../src/contributor-lists/lookup-sat-lists.ts";
import { openDatabase } from "../src/platform/db/connect.ts";
import { migrateToLatest } from "../src/platform/db/migrate.ts";
import { SERVICE_NODE_FLAGS } from "./service-node-flags.ts";

if (!process.env.BENCH_PLAIN_NODE && SERVICE_NODE_FLAGS.some((flag) => !process.execArgv.includes(flag))) {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, ...SERVICE_NODE_FLAGS, ...process.argv.slice(1)],
    { stdio: "inherit" },
  );
  process.exit(child.status ?? 1);
}

const rows = Number(process.argv[2] ?? 1_000_000);
const scratch = mkdtempSync(join(tmpdir(), "padron-lists-ingest-"));
const url = process.argv[3] ?? `sqlite:${join(scratch, "padron.db")}`;
const file = join(tmpdir(), `padron-bench-firmes-${rows}.csv`);
if (!existsSync(file))
  execFileSync(process.execPath, ["bench/lists-generate.ts", file, String(rows)], { stdio: "inherit" });

const database = openDatabase(url);
await migrateToLatest(database);
let peakRss = process.memoryUsage.rss();
let peakHeap = 0;
const sampler = setInterval(() => {
  const memory = process.memoryUsage();
  peakRss = Math.max(peakRss, memory.rss);
  peakHeap = Math.max(peakHeap, memory.heapTotal);
}, 20);

// Lookups of RFCs that are not in the file, back to back, for the whole ingest.
const latencies: number[] = [];
let ingesting = true;
const lookups = (async () => {
  while (ingesting) {
    const started = performance.now();
    await lookupSatLists(database.db, "live", "ZZZ010101ZZ9");
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
})();

const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
const started = performance.now();
const result = await ingestListFile(database.db, createReadStream(file), {
  mode: "live",
  fileName: "Firmes.csv",
  provenance: { sourceUrl: `file:${file}`, etag: null, lastModified: null, expectedBytes: null },
  minRowRatio: 0.5,
});
const seconds = (performance.now() - started) / 1000;
ingesting = false;
loopDelay.disable();
await lookups;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);

// Lookups after the ingest, on a loaded table, for comparison.
const after: number[] = [];
for (let index = 0; index < 5_000; index++) {
  const t = performance.now();
  await lookupSatLists(database.db, "live", "ZZZ010101ZZ9");
  after.push(performance.now() - t);
}
const quantile = (values: number[], q: number) =>
  values.length === 0
    ? null
    : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
const ms = (value: number | null) => (value === null ? null : Number(value.toFixed(3)));
console.log(
  JSON.stringify(
    {
      engine: database.engine,
      node_flags: process.execArgv,
      status: result.status,
      rows: result.rows,
      bytes: result.bytes,
      seconds: Number(seconds.toFixed(2)),
      rows_per_second: Math.round(result.rows / seconds),
      peak_rss_mb: Math.round(peakRss / 1_048_576),
      peak_heap_total_mb: Math.round(peakHeap / 1_048_576),
      lookups_during_ingest: latencies.length,
      lookup_during_ms: {
        p50: ms(quantile(latencies, 0.5)),
        p99: ms(quantile(latencies, 0.99)),
        max: ms(quantile(latencies, 1)),
      },
      lookup_after_ms: { p50: ms(quantile(after, 0.5)), p99: ms(quantile(after, 0.99)) },
      event_loop_delay_during_ms: {
        p50: ms(loopDelay.percentile(50) / 1e6),
        p99: ms(loopDelay.percentile(99) / 1e6),
        max: ms(loopDelay.max / 1e6),
      },
    },
    null,
    2,
  ),
);
await database.close();
rmSync(scratch, { recursive: true, force: true });
