import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { mountTestOperation } from "../requests/fixtures/mount-test-operation.ts";
import { startReceiver } from "./receiver.ts";

// The whole schedule (about 27.6 h) scaled down to about half a second.
let app: TestApp;
before(async () => {
  app = await startTestApp(
    { WEBHOOK_TIME_SCALE: "0.00002" },
    {
      setup: mountTestOperation,
      listen: true,
      worker: true,
    },
  );
});
after(() => app.close());

test("a receiver that never succeeds gets 1 + 7 attempts, then the delivery is failed", async () => {
  const owner = await mintOwner(app.database.db);
  const receiver = await startReceiver(() => ({ status: 500 }));
  const response = await app.call(owner.key, "POST", "/v1/test/batch", {
    records: [{ id: "r" }],
    webhook_url: receiver.url,
  });
  const requestId = response.body.request_id;
  let webhook = null;
  for (let i = 0; i < 1500 && webhook?.status !== "failed"; i++) {
    await sleep(20);
    webhook = (await app.call(owner.key, "GET", `/v1/requests/${requestId}`)).body.webhook;
  }
  assert.deepEqual(webhook, { status: "failed", attempts: 8 });
  assert.equal(receiver.received.length, 8);
  await sleep(100);
  assert.equal(receiver.received.length, 8, "nothing after failed");
  await receiver.close();
});
