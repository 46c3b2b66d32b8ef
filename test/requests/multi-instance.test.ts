import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { Webhook } from "standardwebhooks";
import { webhookSecretOf } from "../../src/webhooks/webhook-secret.ts";
import { callWith } from "../helpers/app-calls.ts";
import { freshDatabase, TEST_ENGINE, type TestDatabase } from "../helpers/database.ts";
import { mintOwner, type TestOwner } from "../helpers/owners.ts";
import { assertNoOverlappingClaims } from "../jobs/overlap.ts";
import { startReceiver } from "../webhooks/receiver.ts";
import { type Child, spawnApi, spawnWorker, stopChild } from "./processes.ts";

// Scale-out is a PostgreSQL feature (DESIGN §1): on SQLite this file has nothing to prove.
const onPostgres = TEST_ENGINE === "postgres";
let database: TestDatabase;
const children: Child[] = [];
before(async () => {
  database = await freshDatabase();
});
after(async () => {
  await Promise.all(children.map((c) => stopChild(c)));
  await database.close();
});

test("2 API + 2 worker processes on one PostgreSQL: 200 async requests delivered, no shared claims, exact charges", {
  skip: onPostgres ? false : "PostgreSQL only",
}, async () => {
  const env = {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: "8",
    LOG_LEVEL: "warn",
    SANDBOX: "false",
    DEMO_USER: "",
    WORKER_CONCURRENCY: "8",
    WORKER_POLL_MS: "20",
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_TIME_SCALE: "0.001",
    RATE_LIMIT_PER_MINUTE: "100000",
  };
  const started = await Promise.allSettled([spawnApi(env), spawnApi(env)]);
  for (const api of started) if (api.status === "fulfilled") children.push(api.value); // stopped in after()
  const apis = started.map((api) => {
    if (api.status === "rejected") throw api.reason;
    return api.value;
  });
  children.push(spawnWorker(env), spawnWorker(env));
  const receiver = await startReceiver();
  const owners: TestOwner[] = [];
  for (let i = 0; i < 4; i++) owners.push(await mintOwner(database.db, { credits: 1000 }));

  const accepted = await Promise.all(
    Array.from({ length: 200 }, async (_, n) => {
      const owner = owners[n % owners.length];
      const response = await callWith(apis[n % 2].url, owner.key, "POST", "/v1/test/batch", {
        records: [{ id: `n${n}a` }, { id: `n${n}b`, unknown: n % 5 === 0 }, { id: `n${n}c` }],
        delay_ms: 20,
        webhook_url: receiver.url,
      });
      assert.equal(response.status, 202);
      return { owner, requestId: response.body.request_id as string };
    }),
  );

  const deadline = Date.now() + 180_000; // hang guard only
  const delivered = () => new Set(receiver.received.map((h) => JSON.parse(h.body).request_id)).size;
  while (delivered() < 200) {
    if (Date.now() > deadline) throw new Error(`delivered ${delivered()} of 200`);
    await sleep(50);
  }
  const secrets = new Map<string, string>();
  for (const owner of owners)
    secrets.set(owner.ownerId, await webhookSecretOf(database.db, owner.ownerId, "live"));
  const ownerOf = new Map(accepted.map((a) => [a.requestId, a.owner.ownerId]));
  for (const hit of receiver.received) {
    const requestId = JSON.parse(hit.body).request_id;
    new Webhook(secrets.get(ownerOf.get(requestId) ?? "") ?? "").verify(
      hit.body,
      hit.headers as Record<string, string>,
    );
  }

  const claims = await assertNoOverlappingClaims(database.db);
  assert.ok(claims >= 400, `${claims} claims recorded (a run and a delivery per request)`);
  const workers = await database.db.selectFrom("job_attempts").select("worker_id").distinct().execute();
  assert.equal(workers.length, 2, "both worker processes took work");

  for (const owner of owners) {
    const mine = accepted.filter((a) => a.owner === owner);
    const refunds = mine.filter((_, i) => accepted.indexOf(mine[i]) % 5 === 0).length;
    const ledger = await database.db
      .selectFrom("ledger")
      .selectAll()
      .where("owner_id", "=", owner.ownerId)
      .execute();
    assert.equal(ledger.filter((e) => e.kind === "charge").length, 50);
    const sum = ledger.reduce((s, e) => s + Number(e.credits), 0);
    const balance = await database.db
      .selectFrom("balances")
      .select("credits")
      .where("owner_id", "=", owner.ownerId)
      .executeTakeFirstOrThrow();
    assert.equal(sum, Number(balance.credits));
    assert.equal(sum, 1000 - 50 * 3 + refunds);
  }
  await receiver.close();
});
