// Async pipeline benchmarks (issue 6): (1) webhook deliveries per second from one worker process to a
// local receiver; (2) a 5,000-record batch from acceptance (202) to its delivered webhook, with an
// operation that answers instantly, i.e. the overhead on top of the padrón latency (target ≤ 2 s).
// Usage: node bench/webhooks-throughput.ts [deliveries=2000] [concurrency=32] [DATABASE_URL]
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createUser } from "../src/accounts/create-user.ts";
import { issueApiKey } from "../src/api-keys/issue-api-key.ts";
import { buildApp } from "../src/app.ts";
import { startAsyncWorker } from "../src/async-requests/job-handlers.ts";
import { parseConfig } from "../src/config.ts";
import { openDatabase } from "../src/platform/db/connect.ts";
import { migrateToLatest } from "../src/platform/db/migrate.ts";
import { createServices } from "../src/services.ts";
import { createDelivery } from "../src/webhooks/create-delivery.ts";
import { mountTestOperation } from "../test/requests/fixtures/mount-test-operation.ts";
import { startReceiver } from "../test/webhooks/receiver.ts";

const deliveries = Number(process.argv[2] ?? 2000);
const concurrency = String(process.argv[3] ?? 32);
const databaseUrl =
  process.argv[4] ?? `sqlite:${join(mkdtempSync(join(tmpdir(), "padron-bench-")), "bench.db")}`;

const config = parseConfig({
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: "warn",
  SANDBOX: "false",
  DEMO_USER: "",
  WEBHOOK_ALLOW_PRIVATE: "true",
  WORKER_CONCURRENCY: concurrency,
  WORKER_POLL_MS: "20",
  RATE_LIMIT_PER_MINUTE: "1000000",
});
const database = openDatabase(config.database.url, { poolSize: 20 });
await migrateToLatest(database);
const receiver = await startReceiver();
const user = await createUser(
  database.db,
  { email: `bench-${Date.now()}@padron.local` },
  { signupCredits: 1_000_000 },
);
const { key } = await issueApiKey(database.db, { ownerId: user.id, label: "bench", mode: "live" });

const waitUntil = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
};

// (1) deliveries per second: events already enqueued, then one worker drains them.
await database.db.transaction().execute(async (trx) => {
  for (let i = 0; i < deliveries; i++)
    await createDelivery(trx, {
      ownerId: user.id,
      mode: "live",
      requestId: `req_bench_${i}`,
      url: receiver.url,
      type: "bench.completed",
      status: 200,
      body: { n: i },
    });
});
let worker = startAsyncWorker({
  db: database.db,
  engine: database.engine,
  config,
  services: createServices(database),
});
const t0 = performance.now();
await waitUntil(() => receiver.received.length >= deliveries);
const deliverySeconds = (performance.now() - t0) / 1000;
await worker.stop();

// (2) a 5,000-record batch through the API: 202, job, result stored, webhook delivered.
const padron = await buildApp({ config, database });
await mountTestOperation(padron, { config, database });
await padron.app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(padron.app.server.address() as AddressInfo).port}`;
worker = startAsyncWorker({ db: database.db, engine: database.engine, config, services: padron.services });
const batchTimes: number[] = [];
for (let run = 0; run < 5; run++) {
  const before = receiver.received.length;
  const records = Array.from({ length: 5000 }, (_, i) => ({ id: `r${run}-${i}`, unknown: i % 50 === 0 }));
  const started = performance.now();
  const response = await fetch(`${base}/v1/test/batch`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ records, webhook_url: receiver.url }),
  });
  if (response.status !== 202)
    throw new Error(`batch not accepted: ${response.status} ${await response.text()}`);
  await waitUntil(() => receiver.received.length > before);
  batchTimes.push(Math.round(performance.now() - started));
}
await worker.stop();
await padron.app.close();
await receiver.close();
await database.close();

batchTimes.sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      date: new Date().toISOString(),
      engine: database.engine,
      worker_concurrency: Number(concurrency),
      deliveries,
      deliveries_per_second: Math.round(deliveries / deliverySeconds),
      batch_5000_accept_to_webhook_ms: { runs: batchTimes, median: batchTimes[2], max: batchTimes[4] },
    },
    null,
    2,
  ),
);
