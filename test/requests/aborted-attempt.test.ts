import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mountTestOperation } from "./fixtures/mount-test-operation.ts";

/** The request's job once its status is `status` (10 s at most). */
async function jobOnceItIs(app: TestApp, requestId: string, status: string) {
  for (const until = Date.now() + 10_000; Date.now() < until; await sleep(20)) {
    const job = await app.database.db
      .selectFrom("jobs")
      .select(["status", "last_error"])
      .where("payload", "like", `%${requestId}%`)
      .executeTakeFirst();
    if (job?.status === status) return job;
  }
  throw new Error(`the job of ${requestId} never was ${status}`);
}

test("an attempt cut short by a stopping worker is not the answer: the job runs again, charged once", async () => {
  const app = await startTestApp({}, { setup: mountTestOperation, listen: true });
  try {
    const owner = await app.owner({ credits: 100 });
    // An operation that finishes its records even when aborted, as one whose upstream steps come back
    // `unavailable` would: what it returns after the abort must not be stored.
    const records = [{ id: "a" }, { id: "b" }, { id: "c" }];
    const accepted = await app.call(owner.key, "POST", "/v1/test/batch", {
      records,
      delay_ms: 1500,
      webhook_url: "http://127.0.0.1:9/hook",
    });
    assert.equal(accepted.status, 202);
    const requestId = accepted.body.request_id as string;
    const first = app.startWorker();
    await jobOnceItIs(app, requestId, "running");
    await first.stop(0);
    const retried = await jobOnceItIs(app, requestId, "queued");
    assert.match(String(retried.last_error), /worker stopping/);
    assert.equal((await app.call(owner.key, "GET", `/v1/requests/${requestId}`)).body.status, "processing");

    app.startWorker();
    await jobOnceItIs(app, requestId, "done");
    const settled = (await app.call(owner.key, "GET", `/v1/requests/${requestId}`)).body;
    assert.equal(settled.status, "completed");
    assert.equal(settled.result.body.count, 3);
    const account = await app.call(owner.key, "GET", "/v1/account");
    assert.equal(account.body.credits.balance, 97);
  } finally {
    await app.close();
  }
});
