import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { startReceiver } from "../webhooks/receiver.ts";

// An async request pays at acceptance; a price changed before its job runs must not change its refund.
let h: SandboxApp;
let hook: Awaited<ReturnType<typeof startReceiver>>;
before(async () => {
  // Live keys without a padrón connector and no registered-RFC list imported: the answers are null.
  h = await startTestApp(
    { PADRON_VALIDATION_URL: "", PRICE_VERIFY: "2", PRICE_VALIDATE: "10" },
    { sandbox: { timeoutMs: 4000, maxHoldMs: 500 }, listen: true },
  );
  hook = await startReceiver();
});
after(async () => {
  await hook.close();
  await h.close();
});

test("an unknown async answer refunds what was paid at acceptance, whatever the price is now", async () => {
  const owner = await mintOwner(h.database.db, { mode: "live", credits: 100 });
  const accept = async (path: string, charged: string) => {
    const accepted = await h.call(owner.key, "POST", path, { rfc: "EKU9003173C9", webhook_url: hook.url });
    assert.equal(accepted.status, 202);
    assert.equal(accepted.headers.get("x-credits-charged"), charged);
    return accepted.body.request_id as string;
  };
  const verify = await accept("/v1/rfc/verify", "2");
  const validate = await accept("/v1/rfc/validate", "10");
  // The new prices reach the workers before these queued jobs run.
  h.startWorker({ PRICE_VERIFY: "1", PRICE_VALIDATE: "4" });
  for (const id of [verify, validate]) {
    const record = await h.settled(owner.key, id);
    assert.equal(record.result.body.valid, null, "the answer is unknown");
  }
  const balance = (await h.call(owner.key, "GET", "/v1/account")).body.credits.balance;
  assert.equal(balance, 100, "unknown (null) answers cost nothing");
});
