import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";

const account = (padron: TestApp, key: string) =>
  padron.app.inject({ method: "GET", url: "/v1/account", headers: { "x-api-key": key } });

test("per-key limit: 429 rate_limited with Retry-After and ratelimit-* headers; other keys unaffected", async () => {
  const padron = await startTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
  try {
    const owner = await mintOwner(padron.database.db);
    const other = await mintOwner(padron.database.db);
    const responses = [];
    for (let i = 0; i < 4; i++) responses.push(await account(padron, owner.key));
    assert.deepEqual(
      responses.map((r) => r.statusCode),
      [200, 200, 200, 429],
    );
    assert.equal(responses[0].headers["ratelimit-limit"], "3");
    assert.equal(responses[0].headers["ratelimit-remaining"], "2");
    assert.ok(Number(responses[0].headers["ratelimit-reset"]) > 0);
    const limited = responses[3];
    assert.match(String(limited.headers["content-type"]), /^application\/problem\+json/);
    assert.equal(limited.json().code, "rate_limited");
    assert.equal(limited.json().request_id, limited.headers["x-request-id"]);
    assert.ok(Number(limited.headers["retry-after"]) > 0);
    assert.equal((await account(padron, other.key)).statusCode, 200);
  } finally {
    await padron.close();
  }
});

test("with REDIS_URL two instances share one limit per key", async () => {
  // A generous command timeout: a loaded test machine must not look like a slow Redis.
  const shared = {
    RATE_LIMIT_PER_MINUTE: "4",
    REDIS_URL: "redis://127.0.0.1:6379",
    REDIS_COMMAND_TIMEOUT_MS: "2000",
  };
  const first = await startTestApp(shared);
  const second = await startTestApp(shared, { databaseOf: first });
  try {
    const owner = await mintOwner(first.database.db);
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 ? second.app : first.app;
      statuses.push(
        (await app.inject({ method: "GET", url: "/v1/account", headers: { "x-api-key": owner.key } }))
          .statusCode,
      );
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
  } finally {
    await second.close();
    await first.close();
  }
});
