import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { Webhook } from "standardwebhooks";
import { webhookSecretOf } from "../../src/webhooks/webhook-secret.ts";
import { mintOwner } from "../helpers/owners.ts";
import { assertNoOverlappingClaims } from "../jobs/overlap.ts";
import { startReceiver } from "../webhooks/receiver.ts";
import { type AsyncApp, callApi, startAsyncApp } from "./harness.ts";
import { type Child, spawnWorker, stopChild } from "./processes.ts";

let app: AsyncApp;
before(async () => {
  app = await startAsyncApp();
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
    const response = await callApi(app.baseUrl, owner.key, "POST", "/v1/test/batch", {
      records,
      delay_ms: 300 + Math.floor(Math.random() * 500),
      webhook_url: receiver.url,
    });
    assert.equal(response.status, 202);
    accepted.push((await response.json()).request_id);
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
  const attemptsSoFar = async () =>
    Number(
      (
        await app.database.db
          .selectFrom("job_attempts")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  let kills = 0;
  let worker: Child | null = null;
  const finished = async () =>
    (
      await app.database.db
        .selectFrom("requests")
        .select("request_id")
        .where("status", "=", "processing")
        .execute()
    ).length === 0 &&
    (
      await app.database.db
        .selectFrom("webhook_deliveries")
        .select("id")
        .where("status", "=", "pending")
        .execute()
    ).length === 0 &&
    (await app.database.db.selectFrom("webhook_deliveries").select("id").execute()).length === BATCHES;
  const outputs: string[] = [];
  try {
    while (kills < 8 && !(await finished())) {
      worker = spawnWorker(env);
      const claimedBefore = await attemptsSoFar();
      while ((await attemptsSoFar()) === claimedBefore && worker.process.exitCode === null) await sleep(10);
      await sleep(30 + Math.random() * 400);
      worker.process.kill("SIGKILL");
      await worker.exited;
      outputs.push(...worker.output);
      kills++;
    }
    worker = spawnWorker(env);
    const deadline = Date.now() + 180_000; // hang guard only
    while (!(await finished())) {
      if (Date.now() > deadline) {
        const jobs = await app.database.db
          .selectFrom("jobs")
          .select(["name", "status", "attempts", "last_error"])
          .where("status", "!=", "done")
          .execute();
        throw new Error(`not finished after the crashes: ${JSON.stringify(jobs)}\n${worker.output.join("")}`);
      }
      await sleep(50);
    }
  } finally {
    if (worker) await stopChild(worker);
  }

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

  const secret = await webhookSecretOf(app.database.db, owner.ownerId);
  const idsByRequest = new Map<string, Set<string>>();
  for (const hit of receiver.received) {
    const event = new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>) as {
      request_id: string;
    };
    const ids = idsByRequest.get(event.request_id) ?? new Set();
    ids.add(String(hit.headers["webhook-id"]));
    idsByRequest.set(event.request_id, ids);
  }
  assert.deepEqual([...idsByRequest.keys()].sort(), [...accepted].sort(), "every batch delivered");
  assert.ok(
    [...idsByRequest.values()].every((ids) => ids.size === 1),
    "one webhook-id per request, even when resent",
  );

  const ledger = await app.database.db
    .selectFrom("ledger")
    .selectAll()
    .where("owner_id", "=", owner.ownerId)
    .execute();
  for (const id of accepted) {
    const entries = ledger.filter((e) => e.request_id === id);
    assert.equal(entries.filter((e) => e.kind === "charge").length, 1, `one charge for ${id}`);
    assert.equal(
      entries.reduce((sum, e) => sum + Number(e.credits), 0),
      -(RECORDS - unknownPerBatch),
      `net charge of ${id}`,
    );
  }
  const balance = await app.database.db
    .selectFrom("balances")
    .select("credits")
    .where("owner_id", "=", owner.ownerId)
    .executeTakeFirstOrThrow();
  const sum = ledger.reduce((s, e) => s + Number(e.credits), 0);
  assert.equal(Number(balance.credits), sum);
  assert.equal(sum, 10_000 - BATCHES * (RECORDS - unknownPerBatch));

  await assertNoOverlappingClaims(app.database.db);
  const lost = await app.database.db
    .selectFrom("job_attempts")
    .select("id")
    .where("outcome", "=", "lost")
    .execute();
  assert.ok(kills >= 1);
  assert.ok(lost.length >= 1, `kills landed on running jobs (${kills} kills, ${lost.length} lost attempts)`);
  await receiver.close();
});
