// 1,000 concurrent POST /v1/rfc/validate through the whole stack (auth, rate limit, charge, pipeline)
// against the sandbox in a child process, latencies scaled by --scale. Compares the end-to-end median with
// the bare upstream chain (the same sandbox calls made directly, no service) and records RSS and
// event-loop delay. `node bench/validate-load.ts [--requests 1000] [--scale 0.035] [--name]`
import "reflect-metadata";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { Agent, request } from "undici";
import { createUser } from "../src/accounts/create-user.ts";
import { issueApiKey } from "../src/api-keys/issue-api-key.ts";
import { buildApp } from "../src/app.ts";
import { parseConfig } from "../src/config.ts";
import { openDatabase } from "../src/platform/db/connect.ts";
import { migrateToLatest } from "../src/platform/db/migrate.ts";
import { importPostalCodes } from "../src/postal-codes/import-postal-codes.ts";
import { parseSepomexCatalog } from "../src/upstreams/postal-catalog/parse-sepomex-catalog.ts";
import { runBareChain } from "./validate-bare-chain.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "1000" },
    scale: { type: "string", default: "0.035" },
    size: { type: "string", default: "5000" },
    name: { type: "boolean", default: false },
    /** Live catalog size: the bench taxpayers' codes plus others from the sandbox catalog (0 = all). */
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
type BenchTaxpayer = { rfc: string; name: string; zip: string };
const { url, taxpayers } = JSON.parse(first) as { url: string; taxpayers: BenchTaxpayer[] };
if (taxpayers.length < requests) throw new Error(`only ${taxpayers.length} taxpayers with certificates`);

const dir = mkdtempSync(join(tmpdir(), "padron-bench-"));
const database = openDatabase(`sqlite:${join(dir, "padron.db")}`);
await migrateToLatest(database);
const huge = "600000";
const config = parseConfig({
  LOG_LEVEL: "warn",
  SANDBOX: "false",
  DEMO_USER: "",
  DATABASE_URL: `sqlite:${join(dir, "padron.db")}`,
  SANDBOX_URL: url,
  PADRON_VALIDATION_URL: `${url}/padron/validate`,
  CERTIFICATE_SEARCH_URL: `${url}/certificates`,
  CERTIFICATE_FILES_URL: `${url}/rccf/`,
  RENAPO_URL: `${url}/renapo/curp`,
  COMMERCE_REGISTRY_URL: `${url}/registry/search`,
  RATE_LIMIT_PER_MINUTE: huge,
  PADRON_CONCURRENCY: "1000",
  CERTIFICATE_SEARCH_CONCURRENCY: "1000",
  CERTIFICATE_FILES_CONCURRENCY: "1000",
  RENAPO_CONCURRENCY: "1000",
  PADRON_TIMEOUT_MS: huge,
  CERTIFICATE_SEARCH_TIMEOUT_MS: huge,
  CERTIFICATE_FILES_TIMEOUT_MS: huge,
  RENAPO_TIMEOUT_MS: huge,
});
const padron = await buildApp({ config, database, logStream: { write: () => true } as never });
await padron.app.listen({ port: 0, host: "127.0.0.1", backlog: 4096 });
const base = `http://127.0.0.1:${(padron.app.server.address() as AddressInfo).port}`;
const catalog = await request(`${url}/sepomex/CPdescarga.txt`);
const catalogBytes = Buffer.from(await catalog.body.arrayBuffer());
const settlements = parseSepomexCatalog(catalogBytes);
const wanted = Number(values["catalog-codes"]);
const codes = new Set(taxpayers.slice(0, requests).map((t) => t.zip));
for (const row of settlements) if (wanted === 0 || codes.size < wanted) codes.add(row.zip);
const catalogRows = settlements.filter((row) => codes.has(row.zip));
await importPostalCodes(database.db, "live", catalogRows, "CPdescarga.txt");
const candidateCodes = [...codes].sort();
const user = await createUser(database.db, { email: "bench@padron.local" }, { signupCredits: 10_000_000 });
const { key } = await issueApiKey(database.db, { ownerId: user.id, label: "bench", mode: "live" });

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
  return { ms: performance.now() - started, status: response.statusCode, valid: body.valid, zip: body.zip };
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
let rssPeak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
}, 20);
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const wall = performance.now();
const results = await Promise.all(taxpayers.slice(0, requests).map(validate));
const wallMs = performance.now() - wall;
delay.disable();
clearInterval(sampler);

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
  zip_recovered: results.filter((r) => r.zip).length,
  bare_chain_ms: bare,
  end_to_end_ms: e2e,
  median_ratio: Math.round((e2e.median / bare.median) * 1000) / 1000,
  wall_ms: Math.round(wallMs),
  rss_peak_mb: Math.round(rssPeak / 1048576),
  event_loop_delay_p99_ms: Math.round((delay.percentile(99) / 1e6) * 10) / 10,
};
console.log(JSON.stringify(report, null, 2));
await agent.close();
await padron.app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
child.kill("SIGTERM");
