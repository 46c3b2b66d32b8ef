import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { sql } from "kysely";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";

// Issue 23 item 5: a background write that fails is logged with its context and counted in /metrics.
let padron: TestApp;
before(async () => {
  padron = await startTestApp();
});
after(() => padron.close());

test("a request-log write that fails is logged as an error with its context and counted", async () => {
  const owner = await mintOwner(padron.database.db);
  const db = padron.database.db;
  await sql`alter table api_requests rename to api_requests_away`.execute(db);
  try {
    const answer = await padron.app.inject({ url: "/v1/account", headers: { "x-api-key": owner.key } });
    assert.equal(answer.statusCode, 200);
    await padron.requestLog.flush();
  } finally {
    await sql`alter table api_requests_away rename to api_requests`.execute(db);
  }
  const failed = padron.logs
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((line) => line.msg === "request log write failed");
  assert.ok(failed, padron.logs.join(""));
  assert.equal(failed.level, 50);
  assert.equal(failed.task, "request log write");
  assert.equal(failed.rows, 1);
  assert.match(String(failed.error), /api_requests/);
  const metrics = (await padron.app.inject({ url: "/metrics" })).body;
  assert.match(metrics, /padron_background_failures_total\{task="request log write"\} 1/);
});
