import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { Webhook } from "standardwebhooks";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { startReceiver } from "../webhooks/receiver.ts";
import { mountTestOperation } from "./fixtures/mount-test-operation.ts";

let app: TestApp;
before(async () => {
  app = await startTestApp({}, { setup: mountTestOperation, listen: true });
});
after(() => app.close());

const call = (key: string, method: string, path: string, body?: unknown) => app.call(key, method, path, body);

async function ledgerOf(ownerId: string) {
  const rows = await app.database.db
    .selectFrom("ledger")
    .selectAll()
    .where("owner_id", "=", ownerId)
    .execute();
  const balance = await app.database.db
    .selectFrom("balances")
    .selectAll()
    .where("owner_id", "=", ownerId)
    .executeTakeFirstOrThrow();
  return { rows, sum: rows.reduce((s, r) => s + Number(r.credits), 0), credits: Number(balance.credits) };
}

async function waitForStatus(key: string, id: string, status: string) {
  for (let i = 0; i < 500; i++) {
    const record = (await call(key, "GET", `/v1/requests/${id}`)).body;
    if (record.status === status && record.webhook?.status !== "pending") return record;
    await sleep(20);
  }
  throw new Error(`request ${id} never reached ${status}`);
}

test("async request: 202 + Location, charged once at acceptance, delivered signed, result kept", async () => {
  const owner = await mintOwner(app.database.db, { credits: 100 });
  const receiver = await startReceiver();
  const records = [
    { id: "a" },
    { id: "b", unknown: true },
    { id: "c" },
    { id: "d" },
    { id: "e", unknown: true },
  ];
  const sync = (await call(owner.key, "POST", "/v1/test/batch", { records })).body;

  const response = await call(owner.key, "POST", "/v1/test/batch", { records, webhook_url: receiver.url });
  assert.equal(response.status, 202);
  const accepted = response.body;
  assert.equal(accepted.status, "processing");
  assert.match(accepted.message, /webhook/);
  assert.equal(response.headers.get("location"), `/v1/requests/${accepted.request_id}`);
  assert.equal(response.headers.get("x-credits-charged"), "5");

  const pending = (await call(owner.key, "GET", `/v1/requests/${accepted.request_id}`)).body;
  assert.equal(pending.status, "processing");
  assert.deepEqual(pending.progress, { done: 0, total: 5 });
  assert.equal(pending.result, null);

  app.startWorker();
  const [hit] = await receiver.waitFor(1);
  const { secret } = (await call(owner.key, "GET", "/v1/webhooks/secret")).body;
  assert.match(secret, /^whsec_/);
  const event = new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>) as Record<
    string,
    unknown
  >;
  assert.equal(event.id, hit.headers["webhook-id"]);
  assert.equal(event.type, "test.batch.completed");
  assert.equal(event.request_id, accepted.request_id);
  assert.equal(event.status, 200);
  assert.deepEqual(event.body, sync);
  assert.ok(!Number.isNaN(Date.parse(String(event.created_at))));

  const done = await waitForStatus(owner.key, accepted.request_id, "completed");
  assert.deepEqual(done.result, { status: 200, body: sync });
  assert.deepEqual(done.progress, { done: 5, total: 5 });
  assert.deepEqual(done.webhook, { status: "delivered", attempts: 1 });
  assert.equal(done.operation, "test-batch");
  assert.ok(done.completed_at >= done.created_at);

  const ledger = await ledgerOf(owner.ownerId);
  const forAsync = ledger.rows.filter((r) => r.request_id === accepted.request_id);
  assert.deepEqual(
    forAsync.map((r) => [r.kind, Number(r.credits)]),
    [
      ["charge", -5],
      ["refund", 2],
    ],
  );
  assert.equal(ledger.sum, ledger.credits);
  assert.equal(ledger.credits, 100 - 3 - 3);
  await receiver.close();
});

test("another owner's request is 404, on GET and on redeliver", async () => {
  const owner = await mintOwner(app.database.db);
  const stranger = await mintOwner(app.database.db);
  const receiver = await startReceiver();
  const accepted = (
    await call(owner.key, "POST", "/v1/test/batch", { records: [{ id: "x" }], webhook_url: receiver.url })
  ).body;
  for (const [method, path] of [
    ["GET", `/v1/requests/${accepted.request_id}`],
    ["POST", `/v1/requests/${accepted.request_id}/redeliver`],
    ["GET", "/v1/requests/req_doesnotexist"],
  ]) {
    const response = await call(stranger.key, method, path);
    assert.equal(response.status, 404, `${method} ${path}`);
    assert.equal(response.body.code, "not_found");
  }
  await receiver.close();
});

test("redelivery sends the same event again with the same webhook-id; rotation changes the signing secret", async () => {
  const owner = await mintOwner(app.database.db);
  const receiver = await startReceiver();
  app.startWorker();
  const accepted = (
    await call(owner.key, "POST", "/v1/test/batch", { records: [{ id: "x" }], webhook_url: receiver.url })
  ).body;
  const [first] = await receiver.waitFor(1);
  await waitForStatus(owner.key, accepted.request_id, "completed");
  const oldSecret = (await call(owner.key, "GET", "/v1/webhooks/secret")).body.secret;
  const rotated = (await call(owner.key, "POST", "/v1/webhooks/secret/rotate")).body;
  assert.notEqual(rotated.secret, oldSecret);
  assert.equal((await call(owner.key, "GET", "/v1/webhooks/secret")).body.secret, rotated.secret);

  const redelivered = await call(owner.key, "POST", `/v1/requests/${accepted.request_id}/redeliver`);
  assert.equal(redelivered.status, 202);
  assert.equal(redelivered.body.webhook_id, first.headers["webhook-id"]);
  const [, second] = await receiver.waitFor(2);
  assert.equal(second.headers["webhook-id"], first.headers["webhook-id"]);
  assert.equal(second.body, first.body);
  new Webhook(rotated.secret).verify(second.body, second.headers as Record<string, string>);
  assert.throws(() => new Webhook(oldSecret).verify(second.body, second.headers as Record<string, string>));
  await receiver.close();
});

test("an operation that keeps crashing ends failed: 500 problem delivered, charge refunded in full", async () => {
  const owner = await mintOwner(app.database.db, { credits: 50 });
  const receiver = await startReceiver();
  app.startWorker();
  const accepted = (
    await call(owner.key, "POST", "/v1/test/batch", {
      records: [{ id: "x" }, { id: "y" }],
      explode: true,
      webhook_url: receiver.url,
    })
  ).body;
  const [hit] = await receiver.waitFor(1);
  const event = JSON.parse(hit.body);
  assert.equal(event.type, "test.batch.failed");
  assert.equal(event.status, 500);
  assert.equal(event.body.code, "internal_error");
  const record = await waitForStatus(owner.key, accepted.request_id, "failed");
  assert.equal(record.result.status, 500);
  const ledger = await ledgerOf(owner.ownerId);
  assert.equal(ledger.credits, 50);
  assert.equal(ledger.sum, ledger.credits);
  await receiver.close();
});

test("a bad webhook_url is 422 invalid_webhook_url: nothing charged, nothing recorded", async () => {
  const owner = await mintOwner(app.database.db, { credits: 50 });
  for (const url of [
    "ftp://example.com/x",
    "not a url",
    `http://example.com/${"a".repeat(2048)}`,
    "http://user:pw@127.0.0.1/",
  ]) {
    const response = await call(owner.key, "POST", "/v1/test/batch", {
      records: [{ id: "x" }],
      webhook_url: url,
    });
    assert.equal(response.status, 422, url);
    assert.equal(response.body.code, "invalid_webhook_url");
  }
  assert.equal((await ledgerOf(owner.ownerId)).credits, 50);
  const rows = await app.database.db
    .selectFrom("requests")
    .select("request_id")
    .where("owner_id", "=", owner.ownerId)
    .execute();
  assert.equal(rows.length, 0);
});

test("a sandbox (test) key is never charged for async work", async () => {
  const owner = await mintOwner(app.database.db, { credits: 10, mode: "test" });
  const receiver = await startReceiver();
  app.startWorker();
  const response = await call(owner.key, "POST", "/v1/test/batch", {
    records: [{ id: "x" }, { id: "y", unknown: true }],
    webhook_url: receiver.url,
  });
  assert.equal(response.status, 202);
  const accepted = response.body;
  await waitForStatus(owner.key, accepted.request_id, "completed");
  const ledger = await ledgerOf(owner.ownerId);
  assert.equal(ledger.credits, 10);
  assert.equal(ledger.rows.filter((r) => r.request_id === accepted.request_id).length, 0);
  await receiver.close();
});
