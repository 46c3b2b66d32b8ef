import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { startReceiver } from "../webhooks/receiver.ts";
import { assertChargedOnceEach, assertCrashesLanded, assertDeliveredOnceEach } from "./crash-checks.ts";
import { mountTestOperation } from "./fixtures/mount-test-operation.ts";
import { killWorkersUntilSettled } from "./kill-workers.ts";
import { spawnWorker } from "./processes.ts";

let app: TestApp;
before(async () => {
  app = await startTestApp({}, { setup: mountTestOperation, listen: true });
});
after(() => app.close());

const BATCHES = 20;
const RECORDS = 20;

test("worker processes SIGKILLed at random moments: every batch delivered, charged once, ledger sums match", async () => {
  const owner = await mintOwner(app.database.db, { credits: 10_000 });
  const receiver = await startReceiver();
  const unknownPerBatch = RECORDS / 4;
  const accepted: string[] = [];
  for (let b = 0; b < BATCHES; b++) {
    const records = Array.from({ length: RECORDS }, (_, i) => ({ id: `b${b}r${i}`, unknown: i % 4 === 0 }));
    const response = await app.call(owner.key, "POST", "/v1/test/batch", {
      records,
      delay_ms: 300 + Math.floor(Math.random() * 500),
      webhook_url: receiver.url,
    });
    assert.equal(response.status, 202);
    accepted.push(response.body.request_id);
  }
  const env = {
    DATABASE_URL: app.database.url,
    LOG_LEVEL: "warn",
    WORKER_CONCURRENCY: "4",
    WORKER_LEASE_MS: "800",
    WORKER_POLL_MS: "20",
    JOB_RETRY_BASE_MS: "20",
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_TIME_SCALE: "0.001",
  };
  const kills = await killWorkersUntilSettled(app.database.db, {
    spawn: () => spawnWorker(env),
    deliveries: BATCHES,
    maxKills: 8,
  });

  const rows = await app.database.db
    .selectFrom("requests")
    .selectAll()
    .where("owner_id", "=", owner.ownerId)
    .execute();
  assert.equal(rows.length, BATCHES);
  assert.ok(rows.every((r) => r.status === "completed" && r.result_status === 200));
  for (const row of rows) {
    const body = JSON.parse(row.result_body ?? "{}");
    assert.equal(body.count, RECORDS);
    assert.equal(body.results.filter((r: { valid: unknown }) => r.valid === null).length, unknownPerBatch);
  }
  await assertDeliveredOnceEach(app.database.db, owner.ownerId, receiver.received, accepted);
  await assertChargedOnceEach(app.database.db, owner.ownerId, {
    startCredits: 10_000,
    costByRequest: new Map(accepted.map((id) => [id, RECORDS - unknownPerBatch])),
  });
  await assertCrashesLanded(app.database.db, kills);
  await receiver.close();
});
