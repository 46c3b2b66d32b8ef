import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { sweepExpired } from "../../src/async-requests/sweep-expired.ts";
import { enqueueJob } from "../../src/platform/jobs/enqueue-job.ts";
import { createDelivery } from "../../src/webhooks/create-delivery.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { mountTestOperation } from "./fixtures/mount-test-operation.ts";

let app: TestApp;
before(async () => {
  app = await startTestApp({}, { setup: mountTestOperation, listen: true });
});
after(() => app.close());

const DAY = 24 * 3600 * 1000;

test("requests are kept 7 days: past that GET is 404 and the sweep forgets them, their deliveries and old jobs", async () => {
  const owner = await mintOwner(app.database.db);
  const { db } = app.database;
  const now = Date.now();
  const row = (id: string, createdAt: number) => ({
    request_id: id,
    owner_id: owner.ownerId,
    key_id: "key_x",
    mode: "live" as const,
    operation: "test-batch",
    status: "completed" as const,
    webhook_url: "http://127.0.0.1:9/",
    progress_done: null,
    progress_total: null,
    result_status: 200,
    result_body: "{}",
    created_at: createdAt,
    completed_at: createdAt,
    expires_at: createdAt + 7 * DAY,
  });
  await db
    .insertInto("requests")
    .values([row("req_old", now - 8 * DAY), row("req_new", now - 6 * DAY)])
    .execute();
  for (const requestId of ["req_old", "req_new"])
    await createDelivery(db, {
      ownerId: owner.ownerId,
      mode: "live",
      requestId,
      url: "http://127.0.0.1:9/",
      type: "t",
      status: 200,
      body: {},
    });
  const oldJob = await enqueueJob(db, { name: "x", payload: {} });
  await db
    .updateTable("jobs")
    .set({ status: "done", updated_at: now - 8 * DAY })
    .where("id", "=", oldJob)
    .execute();
  await db
    .insertInto("idempotency_keys")
    .values({
      owner_id: owner.ownerId,
      mode: "live",
      key: "old",
      fingerprint: "f",
      status: "done",
      locked_until: 0,
      response_status: 200,
      response_headers: "{}",
      response_body: "{}",
      created_at: now - 2 * DAY,
      expires_at: now - DAY,
    })
    .execute();

  assert.equal((await app.call(owner.key, "GET", "/v1/requests/req_old")).status, 404);
  assert.equal((await app.call(owner.key, "GET", "/v1/requests/req_new")).status, 200);
  await sweepExpired(db, now);
  const left = await db
    .selectFrom("requests")
    .select("request_id")
    .where("owner_id", "=", owner.ownerId)
    .execute();
  assert.deepEqual(
    left.map((r) => r.request_id),
    ["req_new"],
  );
  const deliveries = await db
    .selectFrom("webhook_deliveries")
    .select("request_id")
    .where("owner_id", "=", owner.ownerId)
    .execute();
  assert.deepEqual(
    deliveries.map((d) => d.request_id),
    ["req_new"],
  );
  assert.equal((await db.selectFrom("jobs").select("id").where("id", "=", oldJob).execute()).length, 0);
  assert.equal(
    (await db.selectFrom("idempotency_keys").select("key").where("owner_id", "=", owner.ownerId).execute())
      .length,
    0,
  );
});
