import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { Webhook } from "standardwebhooks";
import { webhookSecretOf } from "../../src/webhooks/webhook-secret.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { userIdByEmail } from "../helpers/owners.ts";
import { mountTestOperation } from "../requests/fixtures/mount-test-operation.ts";
import { startReceiver } from "../webhooks/receiver.ts";
import { launchBrowser, screenshot, type TestBrowser } from "./browser.ts";
import { formClient, signUp } from "./form-client.ts";

let padron: TestApp;
let base: string;
let browser: TestBrowser;

before(async () => {
  padron = await startTestApp({}, { setup: mountTestOperation, worker: true });
  base = await padron.listen();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await padron?.close();
});

/** Waits (bounded) until the delivery of a request has `attempts` recorded attempts and is settled. */
async function settled(requestId: string, attempts: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const rows = await padron.database.db
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhook_attempts as a", "a.delivery_id", "d.id")
      .select(["d.status"])
      .where("d.request_id", "=", requestId)
      .execute();
    if (rows.length >= attempts && rows[0].status !== "pending") return;
    await sleep(20);
  }
  throw new Error(`request ${requestId} never reached ${attempts} settled attempts`);
}

test("webhooks page: recent async requests with deliveries and attempts, secret reveal and rotation, redelivery", async () => {
  // The customer's endpoint fails once, then accepts.
  const receiver = await startReceiver((_hit, count) => ({ status: count === 1 ? 500 : 200 }));
  const page = await browser.context.newPage();
  const email = `hooks-${randomUUID()}@test.padron`;
  await page.goto(`${base}/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("webhook page password");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${base}/credits`);
  await page.goto(`${base}/api-keys`);
  await page.getByLabel("Label").fill("async tests");
  await page.getByRole("button", { name: "Create key" }).click();
  const key = ((await page.locator("#new-key").textContent()) ?? "").trim();

  const accepted = await fetch(`${base}/v1/test/batch`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ records: [{ id: "a" }, { id: "b" }], webhook_url: receiver.url }),
  });
  assert.equal(accepted.status, 202);
  const requestId = ((await accepted.json()) as { request_id: string }).request_id;
  await receiver.waitFor(2);
  await settled(requestId, 2);

  await page.goto(`${base}/webhooks`);
  const block = page.locator(`#request-${requestId}`);
  assert.equal(await block.count(), 1);
  assert.match(
    (await block.textContent()) ?? "",
    /test-batch[\s\S]*completed[\s\S]*Delivered[\s\S]*Attempts: 2/,
  );
  await block.locator("summary").click();
  assert.match((await block.locator("ol.attempts").textContent()) ?? "", /HTTP 500[\s\S]*HTTP 200/);

  // Reveal both secrets (htmx swaps each in place), then rotate the sandbox one.
  const userId = await userIdByEmail(padron.database.db, email);
  const reveal = async (mode: "live" | "test") => {
    assert.equal(await page.locator(`#webhook-secret-${mode}`).count(), 0);
    await page.locator(`#secret-${mode}`).getByRole("button", { name: "Reveal" }).click();
    await page.locator(`#webhook-secret-${mode}`).waitFor();
    return ((await page.locator(`#webhook-secret-${mode}`).textContent()) ?? "").trim();
  };
  const secret = await reveal("test");
  const liveSecret = await reveal("live");
  assert.equal(secret, await webhookSecretOf(padron.database.db, userId, "test"));
  assert.equal(liveSecret, await webhookSecretOf(padron.database.db, userId, "live"));
  assert.match(secret, /^whsec_/);
  assert.notEqual(secret, liveSecret);
  assert.equal(new URL(page.url()).pathname, "/webhooks", "revealed without leaving the page");
  // The key made in the form is a sandbox key: its deliveries carry the sandbox secret's signature.
  const signedBy = (secretOf: string, hit: (typeof receiver.received)[number]) =>
    new Webhook(secretOf).verify(hit.body, hit.headers as Record<string, string>);
  assert.doesNotThrow(() => signedBy(secret, receiver.received[0]));
  assert.throws(() => signedBy(liveSecret, receiver.received[0]));
  for (const mode of ["live", "test"])
    await page.locator(`#webhook-secret-${mode}`).evaluate((el) => {
      el.textContent = `whsec_${"•".repeat(32)}`;
    });
  await screenshot(page, "webhooks");

  await page.getByText("Rotate the sandbox secret…").click();
  await page.getByRole("button", { name: "Rotate the sandbox secret now" }).click();
  await page.locator("#webhook-secret-test").waitFor();
  const rotated = ((await page.locator("#webhook-secret-test").textContent()) ?? "").trim();
  assert.notEqual(rotated, secret);
  assert.equal(rotated, await webhookSecretOf(padron.database.db, userId, "test"));
  assert.equal(liveSecret, await webhookSecretOf(padron.database.db, userId, "live"), "live one untouched");

  // Redeliver: the same event (webhook-id) is sent again, signed with the rotated sandbox secret.
  await page.locator(`#request-${requestId}`).getByRole("button", { name: "Redeliver" }).click();
  await receiver.waitFor(3);
  assert.equal(receiver.received[2].headers["webhook-id"], receiver.received[0].headers["webhook-id"]);
  assert.doesNotThrow(() => signedBy(rotated, receiver.received[2]));
  await settled(requestId, 3);
  await page.goto(`${base}/webhooks`);
  assert.match((await page.locator(`#request-${requestId}`).textContent()) ?? "", /Attempts: 3/);
  await receiver.close();
});

test("webhook pages and redelivery answer 404 for another owner's deliveries and need the CSRF token", async () => {
  const delivery = await padron.database.db
    .selectFrom("webhook_deliveries")
    .select("id")
    .executeTakeFirstOrThrow();
  const stranger = formClient(base);
  await signUp(stranger, `stranger-${randomUUID()}@test.padron`);
  const _csrf = await stranger.csrfOf("/webhooks");
  const foreign = await stranger.post(`/webhooks/deliveries/${delivery.id}/redeliver`, { _csrf });
  assert.equal(foreign.status, 404);
  const withoutToken = await stranger.post("/webhooks/secret/live/reveal", {});
  assert.equal(withoutToken.status, 403);
  const revealed = await stranger.post("/webhooks/secret/live/reveal", { _csrf });
  assert.equal(revealed.status, 200);
  assert.match(revealed.text, /id="webhook-secret-live">whsec_/);
  assert.equal((await stranger.post("/webhooks/secret/staging/reveal", { _csrf })).status, 404);
  assert.equal((await stranger.post("/webhooks/secret/staging/rotate", { _csrf })).status, 404);
});
