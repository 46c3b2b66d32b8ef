// Does a verify wait behind another owner's bulk work? Owner B sends verifies (RFC + name + zip, each a
// different taxpayer, so none is answered from a cache) one at a time, first alone (baseline), then while
// owner A runs 3 find-zips and a 5,000-record verify-batch; all against the sandbox at time-scale 1 with
// the default settings. Target (issue 22): verify p95 ≤ 2 s under that load. The sandbox runs as its own
// process, as SAT's servers would (`--in-process` shares padron's event loop with it instead).
// Usage: node bench/verify-beside-bulk.ts [--verifies 30] [--scale 1] [--in-process]
import "reflect-metadata";
import { spawn } from "node:child_process";
import { subscribe } from "node:diagnostics_channel";
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { createUser } from "../src/accounts/create-user.ts";
import { issueApiKey } from "../src/api-keys/issue-api-key.ts";
import { buildApp } from "../src/app.ts";
import { startAsyncWorker } from "../src/async-requests/job-handlers.ts";
import { parseConfig } from "../src/config.ts";
import { openDatabase } from "../src/platform/db/connect.ts";
import { migrateToLatest } from "../src/platform/db/migrate.ts";
import {
  DEFAULT_POPULATION_SIZE,
  generatePopulation,
} from "../src/sandbox/population/generate-population.ts";
import { startSandbox } from "../src/sandbox/server.ts";
import { startReceiver } from "../test/webhooks/receiver.ts";

const { values } = parseArgs({
  options: {
    verifies: { type: "string", default: "30" },
    scale: { type: "string", default: "1" },
    "in-process": { type: "boolean", default: false },
  },
});
const verifies = Number(values.verifies);

/** `padron sandbox` in a child process; the population is rebuilt here from the same seed. */
async function sandboxProcess(timeScale: string) {
  const child = spawn(
    process.execPath,
    ["bin/padron.js", "sandbox", "--port", "0", "--seed", "1", "--time-scale", timeScale],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let printed = "";
    child.stdout.on("data", (chunk) => {
      printed += chunk;
      const found = /padron sandbox at (\S+)/.exec(printed);
      if (found) resolve(found[1]);
    });
    child.on("exit", (code) => reject(new Error(`padron sandbox exited with ${code}`)));
  });
  const population = generatePopulation({ seed: 1, size: DEFAULT_POPULATION_SIZE });
  return { url, population, close: async () => void child.kill("SIGTERM") };
}

const sandbox = values["in-process"]
  ? await startSandbox({ port: 0, seed: 1, timeScale: Number(values.scale) })
  : await sandboxProcess(values.scale);
const config = parseConfig({
  DATABASE_URL: `sqlite:${join(mkdtempSync(join(tmpdir(), "padron-bench-")), "bench.db")}`,
  LOG_LEVEL: "warn",
  DEMO_USER: "",
  SANDBOX_URL: sandbox.url,
  WEBHOOK_ALLOW_PRIVATE: "true",
  WORKER_POLL_MS: "20",
});
const database = openDatabase(config.database.url);
await migrateToLatest(database);
const padron = await buildApp({ config, database });
await padron.app.listen({ port: 0, host: "127.0.0.1" });
const worker = startAsyncWorker({
  db: database.db,
  engine: database.engine,
  config,
  services: padron.services,
});
const receiver = await startReceiver();
const base = `http://127.0.0.1:${(padron.app.server.address() as AddressInfo).port}`;
const keyFor = async (label: string) => {
  const user = await createUser(
    database.db,
    { email: `${label}-${Date.now()}@padron.local` },
    { signupCredits: 0 },
  );
  return (await issueApiKey(database.db, { ownerId: user.id, label, mode: "test" })).key;
};
const [bulkKey, verifyKey] = [await keyFor("bulk"), await keyFor("verify")];
const post = async (key: string, path: string, body: object) => {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const { population } = sandbox;
const people = population.taxpayers
  .filter((t) => !population.magicFaults.has(t.rfc) && t.padronStatus === "activo")
  .map((t) => ({ rfc: t.rfc, name: t.padronName, zip: t.zip }));
let next = 0;
const stranger = () => people[next++ % people.length];

// Each verify makes one one-record padrón call (the only ones in this bench): traced to split a verify
// into waiting before its call, the call itself (the sandbox's latency) and the rest.
const padronCalls: { start: number; end?: number }[] = [];
const open = new WeakMap<object, { start: number; end?: number }>();
subscribe("undici:request:create", (message) => {
  const { request } = message as { request: { origin: string; path: string; body: unknown } };
  const body = request.body;
  if (!request.path.endsWith("/padron/validate") || !Buffer.isBuffer(body)) return;
  if (body.indexOf("\r\n") !== body.length - 2) return;
  const call = { start: performance.now() };
  open.set(request, call);
  padronCalls.push(call);
});
subscribe("undici:request:trailers", (message) => {
  const call = open.get((message as { request: object }).request);
  if (call) call.end = performance.now();
});

/** `count` verifies one after another; or, with `until`, as many as fit before it settles. */
async function verifyRun(count: number, until?: Promise<unknown>) {
  let done = until === undefined;
  until?.finally(() => {
    done = true;
  });
  const runs: { total: number; waited: number; padron: number }[] = [];
  let valid = 0;
  while (until ? !done : runs.length < count) {
    const calls = padronCalls.length;
    const started = performance.now();
    const answer = await post(verifyKey, "/v1/rfc/verify", stranger());
    const total = performance.now() - started;
    const call = padronCalls[calls];
    if (answer.body.valid === true) valid++;
    runs.push({ total, waited: call.start - started, padron: (call.end ?? call.start) - call.start });
  }
  const p = (pick: (run: (typeof runs)[0]) => number, q: number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
  };
  return {
    verifies: runs.length,
    valid,
    p50_ms: p((r) => r.total, 0.5),
    p95_ms: p((r) => r.total, 0.95),
    max_ms: p((r) => r.total, 1),
    padron_call_p95_ms: p((r) => r.padron, 0.95),
    waited_before_padron_call_p95_ms: p((r) => r.waited, 0.95),
    waited_before_padron_call_max_ms: p((r) => r.waited, 1),
  };
}

// The first find-zip downloads and imports the sandbox catalog: do it before anything is measured.
await post(bulkKey, "/v1/rfc/find-zip", { rfc: people[0].rfc, name: people[0].name });
const alone = await verifyRun(verifies);

const bulkStarted = performance.now();
const batch = post(bulkKey, "/v1/rfc/verify-batch", {
  records: Array.from({ length: 5000 }, stranger),
  webhook_url: receiver.url,
}).then(async () => {
  while (receiver.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  return performance.now() - bulkStarted;
});
const findZips = [1, 2, 3].map(async () => {
  const taxpayer = stranger();
  const answer = await post(bulkKey, "/v1/rfc/find-zip", { rfc: taxpayer.rfc, name: taxpayer.name });
  return { ms: Math.round(performance.now() - bulkStarted), found: answer.body.zip === taxpayer.zip };
});
const bulk = Promise.all([Promise.all(findZips), batch]);
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const beside = { ...(await verifyRun(0, bulk)), event_loop_delay_max_ms: 0 };
loopDelay.disable();
beside.event_loop_delay_max_ms = Math.round(loopDelay.max / 1e6);
const [zips, batchMs] = await bulk;

await worker.stop(5000);
await padron.app.close();
await receiver.close();
await database.close();
await sandbox.close();

console.log(
  JSON.stringify(
    {
      date: new Date().toISOString(),
      command: `node bench/verify-beside-bulk.ts ${process.argv.slice(2).join(" ")}`.trim(),
      load_average: loadavg().map((l) => Number(l.toFixed(2))),
      sandbox_time_scale: Number(values.scale),
      sandbox: values["in-process"] ? "in padron's process" : "its own process",
      verify_alone: alone,
      verify_beside_bulk: beside,
      other_owner: { find_zips: zips, batch_5000_delivered_ms: Math.round(batchMs) },
      target_p95_ms: 2000,
    },
    null,
    2,
  ),
);
