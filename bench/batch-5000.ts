// verify-batch benchmarks (issue 6): (1) a 5,000-record batch from acceptance (202) to its delivered
// webhook against the sandbox padrón, compared with that same padrón call's own duration (target:
// ≤ padrón latency + 2 s); (2) one-record batches run and delivered per second to a local receiver.
// Usage: node bench/batch-5000.ts [--scale 1] [--rounds 3] [--batches 500] [--database URL]
import "reflect-metadata";
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createUser } from "../src/accounts/create-user.ts";
import { issueApiKey } from "../src/api-keys/issue-api-key.ts";
import { buildApp } from "../src/app.ts";
import { startAsyncWorker } from "../src/async-requests/job-handlers.ts";
import { parseConfig } from "../src/config.ts";
import { openDatabase } from "../src/platform/db/connect.ts";
import { migrateToLatest } from "../src/platform/db/migrate.ts";
import { startSandbox } from "../src/sandbox/server.ts";
import { createUpstreams, type UpstreamRegistry } from "../src/upstreams/create-upstreams.ts";
import { startReceiver } from "../test/webhooks/receiver.ts";

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    rounds: { type: "string", default: "3" },
    batches: { type: "string", default: "500" },
    database: { type: "string" },
  },
});
const rounds = Number(values.rounds);
const batches = Number(values.batches);
const databaseUrl =
  values.database ?? `sqlite:${join(mkdtempSync(join(tmpdir(), "padron-bench-")), "bench.db")}`;

const sandbox = await startSandbox({ port: 0, seed: 1, size: 2000, timeScale: Number(values.scale) });
const config = parseConfig({
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: "warn",
  SANDBOX: "false",
  DEMO_USER: "",
  SANDBOX_URL: sandbox.url,
  PADRON_VALIDATION_URL: `${sandbox.url}/padron/validate`,
  PADRON_TIMEOUT_MS: "60000",
  WEBHOOK_ALLOW_PRIVATE: "true",
  WORKER_CONCURRENCY: "32",
  WORKER_POLL_MS: "20",
  RATE_LIMIT_PER_MINUTE: "1000000",
  RATE_LIMIT_BATCH_PER_MINUTE: "1000000",
});
const database = openDatabase(config.database.url, { poolSize: 20 });
await migrateToLatest(database);

// The real upstreams, with each padrón call's duration noted: the baseline the batch is compared to.
const padronCalls: number[] = [];
const real = createUpstreams({ config, sandboxUrl: sandbox.url });
const upstreams: UpstreamRegistry = {
  forMode(mode) {
    const set = real.forMode(mode);
    return {
      ...set,
      padron: {
        ...set.padron,
        async validate(records, call) {
          const started = performance.now();
          const answer = await set.padron.validate(records, call);
          padronCalls.push(performance.now() - started);
          return answer;
        },
      },
    };
  },
  close: () => real.close(),
};

const receiver = await startReceiver();
const user = await createUser(
  database.db,
  { email: `bench-${Date.now()}@padron.local` },
  { signupCredits: 100_000_000 },
);
const { key } = await issueApiKey(database.db, { ownerId: user.id, label: "bench", mode: "live" });
const padron = await buildApp({ config, database, upstreams });
await padron.app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(padron.app.server.address() as AddressInfo).port}`;
const waitUntil = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
};
const submit = async (records: unknown[]) => {
  const response = await fetch(`${base}/v1/rfc/verify-batch`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ records, webhook_url: receiver.url }),
  });
  if (response.status !== 202) throw new Error(`not accepted: ${response.status} ${await response.text()}`);
};
// Magic fault RFCs (a held connection, a 5xx…) would fail the whole call: leave them out.
const people = sandbox.population.taxpayers
  .filter((t) => !sandbox.population.magicFaults.has(t.rfc))
  .map((t) => ({ rfc: t.rfc, name: t.padronName, zip: t.zip }));

// (1) 5,000 records: acceptance → webhook received, against the padrón call inside it.
let worker = startAsyncWorker({
  db: database.db,
  engine: database.engine,
  config,
  services: padron.services,
});
const runs: { total_ms: number; padron_ms: number; overhead_ms: number }[] = [];
for (let round = 0; round < rounds; round++) {
  const records = Array.from({ length: 5000 }, (_, i) => people[(i + round * 7) % people.length]);
  const before = receiver.received.length;
  padronCalls.length = 0;
  const started = performance.now();
  await submit(records);
  await waitUntil(() => receiver.received.length > before);
  const total = performance.now() - started;
  runs.push({
    total_ms: Math.round(total),
    padron_ms: Math.round(padronCalls[0]),
    overhead_ms: Math.round(total - padronCalls[0]),
  });
}
await worker.stop(5000);

// (2) deliveries per second: one-record batches accepted first, then one worker runs and delivers them.
// Their RFC is malformed, so no padrón call: what is measured is the job, the result and the webhook.
for (let i = 0; i < batches; i++) await submit([{ rfc: "MALFORMED", name: "X", zip: "00000" }]);
const before = receiver.received.length;
worker = startAsyncWorker({ db: database.db, engine: database.engine, config, services: padron.services });
const drainStart = performance.now();
await waitUntil(() => receiver.received.length >= before + batches);
const drainSeconds = (performance.now() - drainStart) / 1000;
await worker.stop(5000);

await padron.app.close();
await upstreams.close();
await receiver.close();
await database.close();
await sandbox.close();

const overheads = runs.map((r) => r.overhead_ms).sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      date: new Date().toISOString(),
      command: `node bench/batch-5000.ts ${process.argv.slice(2).join(" ")}`.trim(),
      engine: database.engine,
      sandbox_time_scale: Number(values.scale),
      batch_5000: { runs, max_overhead_ms: overheads.at(-1), target_overhead_ms: 2000 },
      one_record_batches: batches,
      batches_run_and_delivered_per_second: Math.round(batches / drainSeconds),
    },
    null,
    2,
  ),
);
