import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { startReceiver } from "../webhooks/receiver.ts";

let h: SandboxApp;
let hook: Awaited<ReturnType<typeof startReceiver>>;
before(async () => {
  h = await startTestApp(
    { RATE_LIMIT_BATCH_PER_MINUTE: "2", RATE_LIMIT_PER_MINUTE: "100" },
    { sandbox: { timeoutMs: 4000, maxHoldMs: 500 }, listen: true, worker: true },
  );
  hook = await startReceiver();
});
after(async () => {
  await hook.close();
  await h.close();
});

test("verify-batch has its own per-key limit (RATE_LIMIT_BATCH_PER_MINUTE), apart from the general one", async () => {
  const first = await mintOwner(h.database.db, { mode: "test" });
  const second = await mintOwner(h.database.db, { mode: "test" });
  const body = {
    records: [{ rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", zip: "86035" }],
    webhook_url: hook.url,
  };
  const statuses = [];
  for (let i = 0; i < 3; i++)
    statuses.push((await h.call(first.key, "POST", "/v1/rfc/verify-batch", body)).status);
  assert.deepEqual(statuses, [202, 202, 429]);
  const limited = await h.call(first.key, "POST", "/v1/rfc/verify-batch", body);
  assert.equal(limited.body.code, "rate_limited");
  assert.ok(Number(limited.headers.get("retry-after")) >= 1);
  assert.equal(limited.headers.get("ratelimit-limit"), "2");
  // Another key has its own count; the same key still reaches the other routes.
  assert.equal((await h.call(second.key, "POST", "/v1/rfc/verify-batch", body)).status, 202);
  const account = await h.call(first.key, "GET", "/v1/account");
  assert.equal(account.status, 200);
  assert.equal(account.headers.get("ratelimit-limit"), "100");
});
