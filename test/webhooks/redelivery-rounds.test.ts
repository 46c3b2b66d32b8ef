import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { MAX_DELIVERY_ATTEMPTS } from "../../src/webhooks/retry-schedule.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mountTestOperation } from "../requests/fixtures/mount-test-operation.ts";

let app: TestApp;
before(async () => {
  // Retries after 0.25, 15, 90, 360, 900, 1,800 and 1,800 ms; an attempt gives up after 1.5 s.
  app = await startTestApp(
    { WEBHOOK_TIME_SCALE: "0.00005", WEBHOOK_TIMEOUT_MS: "1500" },
    { setup: mountTestOperation, listen: true, worker: true },
  );
});
after(() => app.close());

/** A receiver answering the nth hit (1-based) as `answer` says; "hang" never answers. */
async function receiver(answer: (n: number) => number | "hang") {
  let hits = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const status = answer(++hits);
      if (status !== "hang") response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const close = () => {
    server.closeAllConnections();
    server.close();
  };
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, hits: () => hits, close };
}

async function acceptedFor(url: string) {
  const owner = await app.owner();
  const accepted = await app.call(owner.key, "POST", "/v1/test/batch", {
    records: [{ id: "r" }],
    webhook_url: url,
  });
  assert.equal(accepted.status, 202);
  const requestId = accepted.body.request_id as string;
  const deliveryStatus = async () =>
    (
      await app.database.db
        .selectFrom("webhook_deliveries")
        .select("status")
        .where("request_id", "=", requestId)
        .executeTakeFirstOrThrow()
    ).status;
  const redeliver = async () =>
    assert.equal((await app.call(owner.key, "POST", `/v1/requests/${requestId}/redeliver`)).status, 202);
  return { deliveryStatus, redeliver };
}

const until = async (done: () => boolean | Promise<boolean>) => {
  for (const end = Date.now() + 20_000; !(await done()); await sleep(10))
    if (Date.now() > end) throw new Error("waited 20 s");
};

test("a redelivery answered 2xx stays delivered when the round it replaced fails later", async () => {
  const hook = await receiver((n) =>
    n < MAX_DELIVERY_ATTEMPTS ? 500 : n === MAX_DELIVERY_ATTEMPTS ? "hang" : 200,
  );
  try {
    const request = await acceptedFor(hook.url);
    await until(() => hook.hits() === MAX_DELIVERY_ATTEMPTS); // the first round's last attempt hangs
    await request.redeliver();
    await until(async () => (await request.deliveryStatus()) === "delivered");
    await sleep(2000); // the hanging attempt has timed out
    assert.equal(await request.deliveryStatus(), "delivered");
  } finally {
    hook.close();
  }
});

test("a redelivery gets a whole round of retries; the round it replaced stops", async () => {
  const hook = await receiver(() => 500);
  try {
    const request = await acceptedFor(hook.url);
    await until(() => hook.hits() === MAX_DELIVERY_ATTEMPTS - 1); // the first round has one attempt left
    await request.redeliver();
    const before = hook.hits();
    await until(async () => (await request.deliveryStatus()) === "failed");
    await sleep(500);
    assert.equal(hook.hits() - before, MAX_DELIVERY_ATTEMPTS);
  } finally {
    hook.close();
  }
});
