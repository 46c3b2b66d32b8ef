import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { Webhook } from "standardwebhooks";
import { RETRY_SCHEDULE_MS } from "../../src/webhooks/retry-schedule.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { mountTestOperation } from "../requests/fixtures/mount-test-operation.ts";
import { startReceiver } from "./receiver.ts";

const SCALE = 0.001;
let app: TestApp;
before(async () => {
  app = await startTestApp(
    { WEBHOOK_TIME_SCALE: String(SCALE) },
    { setup: mountTestOperation, listen: true, worker: true },
  );
});
after(() => app.close());

async function accept(key: string, url: string) {
  const response = await app.call(key, "POST", "/v1/test/batch", {
    records: [{ id: "r" }],
    webhook_url: url,
  });
  assert.equal(response.status, 202);
  return response.body.request_id as string;
}

async function deliveryState(key: string, requestId: string, until: (state: string) => boolean) {
  for (let i = 0; i < 1500; i++) {
    const record = (await app.call(key, "GET", `/v1/requests/${requestId}`)).body;
    if (record.webhook && until(record.webhook.status)) return record.webhook;
    await sleep(20);
  }
  throw new Error("delivery never settled");
}

test("a receiver failing 3 times gets the 4th attempt, on the scaled schedule, same webhook-id, all recorded", async () => {
  const owner = await mintOwner(app.database.db);
  const receiver = await startReceiver((_hit, count) => ({ status: count <= 3 ? 500 : 204 }));
  const requestId = await accept(owner.key, receiver.url);
  const hits = await receiver.waitFor(4);
  const webhook = await deliveryState(owner.key, requestId, (s) => s === "delivered");
  assert.deepEqual(webhook, { status: "delivered", attempts: 4 });
  const secret = (await app.call(owner.key, "GET", "/v1/webhooks/secret")).body.secret;
  const ids = new Set(hits.map((h) => h.headers["webhook-id"]));
  assert.equal(ids.size, 1);
  for (const hit of hits) new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>);
  const gaps = hits.slice(1).map((hit, i) => hit.at - hits[i].at);
  gaps.forEach((gap, i) => {
    assert.ok(
      gap >= RETRY_SCHEDULE_MS[i] * SCALE,
      `gap ${i + 1} = ${gap} ms, schedule ${RETRY_SCHEDULE_MS[i] * SCALE}`,
    );
  });
  assert.ok(gaps[2] > gaps[1] && gaps[1] > gaps[0], `gaps grow: ${gaps}`);
  const attempts = await app.database.db
    .selectFrom("webhook_attempts as a")
    .innerJoin("webhook_deliveries as d", "d.id", "a.delivery_id")
    .select(["a.status_code", "a.latency_ms", "a.error", "a.attempted_at"])
    .where("d.request_id", "=", requestId)
    .orderBy("a.id")
    .execute();
  assert.deepEqual(
    attempts.map((a) => a.status_code),
    [500, 500, 500, 204],
  );
  assert.deepEqual(
    attempts.map((a) => a.error),
    ["HTTP 500", "HTTP 500", "HTTP 500", null],
  );
  assert.ok(attempts.every((a) => a.latency_ms >= 0 && a.attempted_at > 0));
  await receiver.close();
});

test("Retry-After is honoured when it asks for longer than the schedule", async () => {
  const owner = await mintOwner(app.database.db);
  const receiver = await startReceiver((_hit, count) =>
    count === 1 ? { status: 503, headers: { "retry-after": "1" } } : { status: 200 },
  );
  await accept(owner.key, receiver.url);
  const hits = await receiver.waitFor(2);
  assert.ok(hits[1].at - hits[0].at >= 1000, `waited ${hits[1].at - hits[0].at} ms`);
  await receiver.close();
});

test("a 302 answer is a failed attempt and its target never receives anything", async () => {
  const owner = await mintOwner(app.database.db);
  const target = await startReceiver();
  const redirector = await startReceiver((_hit, count) =>
    count === 1 ? { status: 302, headers: { location: target.url } } : { status: 200 },
  );
  const requestId = await accept(owner.key, redirector.url);
  await redirector.waitFor(2);
  const webhook = await deliveryState(owner.key, requestId, (s) => s === "delivered");
  assert.deepEqual(webhook, { status: "delivered", attempts: 2 });
  assert.equal(target.received.length, 0);
  await Promise.all([target.close(), redirector.close()]);
});
