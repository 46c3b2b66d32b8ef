// N concurrent POST /v1/rfc/validate through the whole stack (auth, rate limit, charge, pipeline): the
// sandbox, the service and this load generator each in their own process, sandbox latencies scaled by
// --scale. Compares the end-to-end median with the bare upstream chain (the same sandbox calls made
// directly, no service) and reports the service process's RSS and event-loop delay.
// `node bench/validate-load.ts [--requests 1000] [--scale 0.15] [--size 100000] [--catalog-codes N|all] [--name]`
import { fork, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { parseArgs } from "node:util";
import { Agent, request } from "undici";
import { parseSepomexCatalog } from "../src/upstreams/postal-catalog/parse-sepomex-catalog.ts";
import { runBareChain } from "./validate-bare-chain.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "1000" },
    scale: { type: "string", default: "0.15" },
    size: { type: "string", default: "100000" },
    name: { type: "boolean", default: false },
    /** Writes a CPU profile of the service during the measured phase to this file. */
    profile: { type: "string" },
    /** Live catalog: the bench taxpayers' codes, grown with others to this many codes ("all": every code). */
    "catalog-codes": { type: "string", default: "0" },
  },
});
const requests = Number(values.requests);
const scale = Number(values.scale);

const child = spawn(
  process.execPath,
  ["bench/validate-sandbox.ts", String(scale), values.size as string, String(requests)],
  { stdio: ["ignore", "pipe", "inherit"] },
);
process.on("exit", () => child.kill("SIGTERM"));
const first = await new Promise<string>((resolve) =>
  createInterface({ input: child.stdout }).once("line", resolve),
);
type BenchTaxpayer = { rfc: string; name: string; zip: string; curp: string | null };
const { url, taxpayers } = JSON.parse(first) as { url: string; taxpayers: BenchTaxpayer[] };
if (taxpayers.length < requests) throw new Error(`only ${taxpayers.length} taxpayers with certificates`);

const catalog = await request(`${url}/sepomex/CPdescarga.txt`);
const settlements = parseSepomexCatalog(Buffer.from(await catalog.body.arrayBuffer()));
const wanted = values["catalog-codes"] === "all" ? Number.POSITIVE_INFINITY : Number(values["catalog-codes"]);
const codes = new Set(taxpayers.slice(0, requests).map((t) => t.zip));
for (const row of settlements) if (codes.size < wanted) codes.add(row.zip);
const candidateCodes = [...codes].sort();
// The service gets only the catalog rows it imports: parsing the whole file there would grow its heap
// before the measurement starts, and the RSS measured is that of serving validations.
const dir = mkdtempSync(join(tmpdir(), "padron-bench-"));
writeFileSync(join(dir, "catalog.json"), JSON.stringify(settlements.filter((row) => codes.has(row.zip))));
const profile = values.profile ? [values.profile] : [];
const service = fork("bench/validate-service.ts", [url, join(dir, "catalog.json"), ...profile], {
  stdio: ["ignore", "pipe", "inherit", "ipc"],
});
process.on("exit", () => service.kill("SIGTERM"));
const started = new Promise<string>((resolve, reject) => {
  createInterface({ input: service.stdout as Readable }).once("line", resolve);
  service.once("exit", (code) => reject(new Error(`the service exited (${code}) before listening`)));
});
const { url: base, key } = JSON.parse(await started) as { url: string; key: string };
type ServiceReport = {
  rss_peak_mb: number;
  event_loop_delay_p99_ms: number;
  event_loop_delay_max_ms: number;
};
const askService = (message: "measure" | "report") =>
  new Promise<ServiceReport>((resolve) => {
    if (message === "report") service.once("message", (report) => resolve(report as ServiceReport));
    service.send(message);
    if (message === "measure") resolve({} as ServiceReport);
  });

const agent = new Agent({
  connections: requests + 10,
  headersTimeout: 0,
  bodyTimeout: 0,
  connectTimeout: 120_000,
});
async function validate(taxpayer: { rfc: string; name: string }) {
  const started = performance.now();
  try {
    return await validateOnce(taxpayer, started);
  } catch (error) {
    return { ms: performance.now() - started, status: 0, valid: null, zip: undefined, error: String(error) };
  }
}
async function validateOnce(taxpayer: { rfc: string; name: string }, started: number) {
  const response = await request(`${base}/v1/rfc/validate`, {
    method: "POST",
    dispatcher: agent,
    headers: { "content-type": "application/json", "x-api-key": key },
    body: JSON.stringify(values.name ? { rfc: taxpayer.rfc, name: taxpayer.name } : { rfc: taxpayer.rfc }),
  });
  const body = (await response.body.json()) as { valid: boolean | null; zip?: string };
  return {
    ms: performance.now() - started,
    status: response.statusCode,
    valid: body.valid,
    zip: body.zip,
    rfc: taxpayer.rfc,
    body,
  };
}

const stats = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
  return { median: at(0.5), p95: at(0.95), max: at(1) };
};

// The sandbox issues each .cer on first request (~12 ms of RSA signing): issue them all before either
// phase, so neither the bare chain nor the service pays for it. Then warm the service on a few RFCs.
const warm = new Agent({ connections: 8 });
const queue = taxpayers.slice(0, requests);
await Promise.all(
  Array.from({ length: 8 }, async () => {
    for (let taxpayer = queue.pop(); taxpayer; taxpayer = queue.pop()) {
      const search = await request(`${url}/certificates?rfc=${encodeURIComponent(taxpayer.rfc)}`, {
        dispatcher: warm,
      });
      for (const { serial } of (await search.body.json()) as { serial: string }[]) {
        const path = `${serial.slice(0, 6)}/${serial.slice(6, 12)}/${serial.slice(12, 14)}/${serial.slice(14, 16)}/${serial.slice(16, 18)}`;
        await (await request(`${url}/rccf/${path}/${serial}.cer`, { dispatcher: warm })).body.arrayBuffer();
      }
    }
  }),
);
await warm.close();
for (const taxpayer of taxpayers.slice(0, 3)) await validate(taxpayer);

const bare = await runBareChain(url, taxpayers.slice(0, requests), values.name === true, candidateCodes);
await askService("measure");
const wall = performance.now();
const results = await Promise.all(taxpayers.slice(0, requests).map(validate));
const wallMs = performance.now() - wall;
const measured = await askService("report");

const e2e = stats(results.map((r) => r.ms));
const report = {
  bench: "validate-load",
  date: new Date().toISOString(),
  requests,
  with_name: values.name,
  sandbox_time_scale: scale,
  catalog_codes: candidateCodes.length,
  status_200: results.filter((r) => r.status === 200).length,
  errors: [...new Set(results.map((r) => ("error" in r ? r.error : null)).filter(Boolean))].slice(0, 3),
  valid_true: results.filter((r) => r.valid === true).length,
  not_valid: results
    .filter((r) => r.valid !== true)
    .slice(0, 3)
    .map((r) => ("body" in r ? r.body : r)),
  zip_recovered: results.filter((r) => r.zip).length,
  bare_chain_ms: bare,
  end_to_end_ms: e2e,
  median_ratio: Math.round((e2e.median / bare.median) * 1000) / 1000,
  wall_ms: Math.round(wallMs),
  service: measured,
};
console.log(JSON.stringify(report, null, 2));
await agent.close();
rmSync(dir, { recursive: true, force: true });
service.kill("SIGTERM");
child.kill("SIGTERM");
