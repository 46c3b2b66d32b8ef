import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp } from "../helpers/app.ts";

test("503 unavailable with Retry-After once shutdown has begun; health answers before", async () => {
  const padron = await startTestApp();
  try {
    const healthy = await padron.app.inject({ method: "GET", url: "/healthz" });
    assert.equal(healthy.statusCode, 200);
    const ready = await padron.app.inject({ method: "GET", url: "/readyz" });
    assert.equal(ready.statusCode, 200);
    assert.equal(ready.json().status, "ready");
    padron.beginShutdown();
    const response = await padron.app.inject({ method: "GET", url: "/v1/account" });
    assert.equal(response.statusCode, 503);
    assert.match(String(response.headers["content-type"]), /^application\/problem\+json/);
    assert.equal(response.json().code, "unavailable");
    assert.equal(response.json().request_id, response.headers["x-request-id"]);
    assert.ok(Number(response.headers["retry-after"]) > 0);
  } finally {
    await padron.close();
  }
});

test("/readyz answers 503 when the database is unreachable", async () => {
  const padron = await startTestApp();
  await padron.database.db.destroy();
  const response = await padron.app.inject({ method: "GET", url: "/readyz" });
  assert.equal(response.statusCode, 503);
  assert.equal(response.json().code, "unavailable");
  await padron.app.close();
  await padron.database.close().catch(() => {});
});
