import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { mintOwner } from "../helpers/owners.ts";
import { type AsyncApp, callApi, startAsyncApp } from "../requests/harness.ts";
import { startReceiver } from "./receiver.ts";

// The whole schedule (about 27.6 h) scaled down to about half a second.
let app: AsyncApp;
before(async () => {
  app = await startAsyncApp({ WEBHOOK_TIME_SCALE: "0.00002" });
  app.startWorker();
});
after(() => app.close());

test("a receiver that never succeeds gets 1 + 7 attempts, then the delivery is failed", async () => {
  const owner = await mintOwner(app.database.db);
  const receiver = await startReceiver(() => ({ status: 500 }));
  const response = await callApi(app.baseUrl, owner.key, "POST", "/v1/test/batch", {
    records: [{ id: "r" }],
    webhook_url: receiver.url,
  });
  const requestId = (await response.json()).request_id;
  let webhook = null;
  for (let i = 0; i < 1500 && webhook?.status !== "failed"; i++) {
    await sleep(20);
    webhook = (await (await callApi(app.baseUrl, owner.key, "GET", `/v1/requests/${requestId}`)).json())
      .webhook;
  }
  assert.deepEqual(webhook, { status: "failed", attempts: 8 });
  assert.equal(receiver.received.length, 8);
  await sleep(100);
  assert.equal(receiver.received.length, 8, "nothing after failed");
  await receiver.close();
});
