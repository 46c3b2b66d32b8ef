// N concurrent POST /v1/rfc/validate through the whole stack (auth, rate limit, charge, pipeline): the
// sandbox, the service and this load generator each in their own process, sandbox latencies scaled by
// --scale. Compares the end-to-end median with the bare upstream chain (the same sandbox calls made
// directly, no service) and reports the service process's RSS and event-loop delay. Bare chain and
// service alternate for --rounds rounds (a fresh service process each); the medians of rounds are the result.
// `node bench/validate-load.ts [--requests 1000] [--rounds 3] [--scale 0.15] [--size 100000]
//   [--catalog-codes N|all] [--name] [--profile FILE] [--allocations FILE]
//   [--snapshot FILE.heapsnapshot (--snapshot-at-mb 450 | --snapshot-after-s S)]
//   [--upstream-limits shipped|unbounded] [--service-exec bench/memory-limited-node.sh]
//   [--compile-cache DIR|off]`
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { request } from "undici";
import { parseSepomexCatalog } from "../src/upstreams/postal-catalog/parse-sepomex-catalog.ts";
import { cpuDuring } from "./process-cpu.ts";
import { SERVICE_NODE_FLAGS } from "./service-node-flags.ts";
import { createBareChain } from "./validate-bare-chain.ts";
import { startBenchService, stats } from "./validate-client.ts";
import { issueCertificateFiles } from "./validate-sandbox-files.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "1000" },
    rounds: { type: "string", default: "3" },
    scale: { type: "string", default: "0.15" },
    size: { type: "string", default: "100000" },
    name: { type: "boolean", default: false },
    /** CPU profile of the last round's service during its measurement. */
    profile: { type: "string" },
    /** Allocation profile (every sampled allocation) of the last round's service during its measurement. */
    allocations: { type: "string" },
    /** Heap snapshot of the last round's service, once, when its RSS first passes --snapshot-at-mb. */
    snapshot: { type: "string" },
    "snapshot-at-mb": { type: "string", default: "450" },
    "snapshot-after-s": { type: "string" },
    /** Node flags for the service processes, space separated (default: those the service ships with). */
    "service-node-args": { type: "string", default: SERVICE_NODE_FLAGS.join(" ") },
    /** An executable that starts node for the service, e.g. in a memory cgroup as a container would. */
    "service-exec": { type: "string" },
    /** Live catalog: the bench taxpayers' codes, grown with others to this many codes ("all": every code). */
    "catalog-codes": { type: "string", default: "0" },
    /** "shipped" (the service's default upstream concurrency) or "unbounded" (5,000, as the bare chain). */
    "upstream-limits": { type: "string", default: "shipped" },
    /** Node's compile cache for the service, as `bin/padron.js` turns it on ("off": strip types at each start). */
    "compile-cache": { type: "string", default: join(tmpdir(), "node-compile-cache") },
  },
});
const requests = Number(values.requests);
const rounds = Number(values.rounds);
const withName = values.name === true;

const sandbox = spawn(
  process.execPath,
  ["bench/validate-sandbox.ts", values.scale as string, values.size as string, String(2 * requests)],
  { stdio: ["ignore", "pipe", "inherit"] },
);
process.on("exit", () => sandbox.kill("SIGTERM"));
const first = await new Promise<string>((resolve) =>
  createInterface({ input: sandbox.stdout }).once("line", resolve),
);
type BenchTaxpayer = { rfc: string; name: string; zip: string; curp: string | null };
const { url, taxpayers } = JSON.parse(first) as { url: string; taxpayers: BenchTaxpayer[] };
if (taxpayers.length < 2 * requests) throw new Error(`only ${taxpayers.length} taxpayers with certificates`);
// Each phase first runs as many other taxpayers' validations, so connections and compiled code are warm
// (a busy service's are) and no answer is cached.
const measured = taxpayers.slice(0, requests);
const warmUp = taxpayers.slice(requests, 2 * requests);

const catalog = await request(`${url}/sepomex/CPdescarga.txt`);
const settlements = parseSepomexCatalog(Buffer.from(await catalog.body.arrayBuffer()));
const wanted = values["catalog-codes"] === "all" ? Number.POSITIVE_INFINITY : Number(values["catalog-codes"]);
const codes = new Set(measured.map((t) => t.zip));
for (const row of settlements) if (codes.size < wanted) codes.add(row.zip);
const candidateCodes = [...codes].sort();
// The service gets only the catalog rows it imports: parsing the whole file there would grow its heap
// before the measurement starts, and the RSS measured is that of serving validations.
const dir = mkdtempSync(join(tmpdir(), "padron-bench-"));
const catalogFile = join(dir, "catalog.json");
writeFileSync(catalogFile, JSON.stringify(settlements.filter((row) => codes.has(row.zip))));

await issueCertificateFiles(url, taxpayers);
// Let the sandbox collect the garbage of issuing thousands of certificates before anything is timed.
await sleep(3000);

const compileCache = values["compile-cache"] === "off" ? undefined : values["compile-cache"];
const serviceOptions = {
  sandboxUrl: url,
  catalogFile,
  withName,
  nodeArgs: (values["service-node-args"] as string).split(" ").filter(Boolean),
  execPath: values["service-exec"],
  upstreamLimits: values["upstream-limits"] === "unbounded" ? ("unbounded" as const) : ("shipped" as const),
  compileCache,
};
// A served process has started before, so its cache is warm: one start and stop fills it.
if (compileCache) await (await startBenchService({ ...serviceOptions, connections: 1 })).stop();

const bareChain = createBareChain(url, withName, candidateCodes);
const results = [];
for (let round = 1; round <= rounds; round++) {
  await bareChain.run(warmUp);
  const bare = await cpuDuring({ sandbox: sandbox.pid as number, load: process.pid }, () =>
    bareChain.run(measured),
  );
  const last = round === rounds;
  const service = await startBenchService({
    ...serviceOptions,
    connections: requests + 10,
    profileFile: last ? values.profile : undefined,
    allocationsFile: last ? values.allocations : undefined,
    snapshotFile: last ? values.snapshot : undefined,
    snapshotAtMb: Number(values["snapshot-at-mb"]),
    snapshotAfterS: values["snapshot-after-s"] ? Number(values["snapshot-after-s"]) : undefined,
  });
  await service.validateAll(warmUp);
  service.measure();
  const pids = { sandbox: sandbox.pid as number, load: process.pid, service: service.pid };
  const e2e = await cpuDuring(pids, () => service.validateAll(measured));
  const report = await service.report();
  await service.stop();
  const timings = stats(e2e.result.map((validation) => validation.ms));
  results.push({
    round,
    status_200: e2e.result.filter((validation) => validation.status === 200).length,
    valid_true: e2e.result.filter((validation) => validation.valid === true).length,
    zip_recovered: e2e.result.filter((validation) => validation.zip).length,
    errors: [...new Set(e2e.result.flatMap((validation) => validation.error ?? []))].slice(0, 3),
    bare_chain_ms: bare.result,
    end_to_end_ms: timings,
    median_ratio: Math.round((timings.median / bare.result.median) * 1000) / 1000,
    service: report,
    cpu_seconds: { bare_chain: bare.cpu_s, end_to_end: e2e.cpu_s },
  });
}
await bareChain.close();

const medianOf = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(
  JSON.stringify(
    {
      bench: "validate-load",
      date: new Date().toISOString(),
      requests,
      upstream_limits: values["upstream-limits"],
      rounds,
      with_name: withName,
      sandbox_time_scale: Number(values.scale),
      catalog_codes: candidateCodes.length,
      service_node_args: values["service-node-args"],
      service_exec: values["service-exec"] ?? null,
      compile_cache: compileCache ?? "off",
      median_of_rounds: {
        bare_chain_median_ms: medianOf(results.map((r) => r.bare_chain_ms.median)),
        end_to_end_median_ms: medianOf(results.map((r) => r.end_to_end_ms.median)),
        median_ratio: medianOf(results.map((r) => r.median_ratio)),
        rss_peak_mb: medianOf(results.map((r) => r.service.rss_peak_mb)),
        event_loop_delay_p99_ms: medianOf(results.map((r) => r.service.event_loop_delay_p99_ms)),
      },
      results,
    },
    null,
    2,
  ),
);
rmSync(dir, { recursive: true, force: true });
sandbox.kill("SIGTERM");
