import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { issueApiKey } from "../../src/api-keys/issue-api-key.ts";
import { grantCredits } from "../../src/credits/grant-credits.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { mountTestOperation } from "../requests/fixtures/mount-test-operation.ts";

let app: TestApp;
before(async () => {
  app = await startTestApp({}, { setup: mountTestOperation, listen: true });
});
after(() => app.close());

const post = (key: string, body: unknown, idempotencyKey?: string) =>
  app.call(
    key,
    "POST",
    "/v1/test/batch",
    body,
    idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey },
  );

/** Resolves once the first call has claimed the key, so a retry sent then arrives while it runs. */
async function untilClaimed(db: TestApp["database"]["db"], ownerId: string, key: string): Promise<void> {
  for (;;) {
    const row = await db
      .selectFrom("idempotency_keys")
      .select("key")
      .where("owner_id", "=", ownerId)
      .where("key", "=", key)
      .executeTakeFirst();
    if (row) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function chargesOf(ownerId: string) {
  return app.database.db
    .selectFrom("ledger")
    .selectAll()
    .where("owner_id", "=", ownerId)
    .where("kind", "=", "charge")
    .execute();
}

test("50 concurrent retries of one charged async request: one charge, one job, identical responses", async () => {
  const owner = await mintOwner(app.database.db, { credits: 100 });
  const body = { records: [{ id: "a" }, { id: "b" }, { id: "c" }], webhook_url: "http://127.0.0.1:9/hook" };
  const responses = await Promise.all(Array.from({ length: 50 }, () => post(owner.key, body, "retry-me-1")));
  const snapshots = await Promise.all(
    responses.map(async (r) => ({
      status: r.status,
      body: r.text,
      location: r.headers.get("location"),
      charged: r.headers.get("x-credits-charged"),
      remaining: r.headers.get("x-credits-remaining"),
    })),
  );
  assert.equal(snapshots[0].status, 202);
  for (const s of snapshots) assert.deepEqual(s, snapshots[0]);
  assert.equal(responses.filter((r) => r.headers.get("idempotent-replayed") === "true").length, 49);
  const charges = await chargesOf(owner.ownerId);
  assert.equal(charges.length, 1);
  assert.equal(Number(charges[0].credits), -3);
  const requestId = JSON.parse(snapshots[0].body).request_id;
  const jobs = await app.database.db
    .selectFrom("jobs")
    .selectAll()
    .where("payload", "like", `%${requestId}%`)
    .execute();
  assert.equal(jobs.length, 1);
  const requests = await app.database.db
    .selectFrom("requests")
    .selectAll()
    .where("owner_id", "=", owner.ownerId)
    .execute();
  assert.equal(requests.length, 1);
});

test("a synchronous answer is replayed for a later retry without a second charge", async () => {
  const owner = await mintOwner(app.database.db, { credits: 100 });
  const body = { records: [{ id: "a" }, { id: "b", unknown: true }] };
  const first = await post(owner.key, body, "sync-1");
  const firstBody = first.text;
  const again = await post(owner.key, body, "sync-1");
  assert.equal(again.status, first.status);
  assert.equal(again.text, firstBody);
  assert.equal(again.headers.get("x-credits-charged"), first.headers.get("x-credits-charged"));
  assert.equal((await chargesOf(owner.ownerId)).length, 1);
  const fresh = await post(owner.key, body, "sync-2");
  assert.equal(fresh.status, 200);
  assert.equal((await chargesOf(owner.ownerId)).length, 2);
});

test("the same key with a different body is 409 idempotency_conflict; keys are per owner", async () => {
  const owner = await mintOwner(app.database.db, { credits: 100 });
  const other = await mintOwner(app.database.db, { credits: 100 });
  assert.equal((await post(owner.key, { records: [{ id: "a" }] }, "k-1")).status, 200);
  const conflict = await post(owner.key, { records: [{ id: "b" }] }, "k-1");
  assert.equal(conflict.status, 409);
  assert.equal(conflict.body.code, "idempotency_conflict");
  const theirs = await post(other.key, { records: [{ id: "b" }] }, "k-1");
  assert.equal(theirs.status, 200);
  assert.equal(theirs.headers.get("idempotent-replayed"), null);
});

test("the same JSON object with its members in another order is the same body: replayed, charged once", async () => {
  const owner = await mintOwner(app.database.db, { credits: 100 });
  const first = await post(owner.key, { records: [{ id: "a", unknown: false }], delay_ms: 0 }, "reordered");
  assert.equal(first.status, 200);
  const retry = await post(owner.key, { delay_ms: 0, records: [{ unknown: false, id: "a" }] }, "reordered");
  assert.equal(retry.status, 200);
  assert.equal(retry.headers.get("idempotent-replayed"), "true");
  assert.equal(retry.text, first.text);
  assert.equal((await chargesOf(owner.ownerId)).length, 1);
  const otherOrder = { records: [{ id: "b" }, { id: "a" }] };
  assert.equal((await post(owner.key, { records: [{ id: "a" }, { id: "b" }] }, "arrays")).status, 200);
  assert.equal((await post(owner.key, otherOrder, "arrays")).status, 409, "array order still counts");
});

test("a key is scoped by mode: a live request never replays what the test key got, nor the reverse", async () => {
  const owner = await mintOwner(app.database.db, { credits: 100, mode: "test" });
  const live = await issueApiKey(app.database.db, { ownerId: owner.ownerId, label: "live", mode: "live" });
  const body = { records: [{ id: "a" }] };
  const asTest = await post(owner.key, body, "across-modes");
  assert.equal(asTest.status, 200);
  assert.equal(asTest.headers.get("x-credits-charged"), "0");
  const asLive = await post(live.key, body, "across-modes");
  assert.equal(asLive.status, 200);
  assert.equal(asLive.headers.get("idempotent-replayed"), null);
  assert.equal(asLive.headers.get("x-credits-charged"), "1");
  assert.equal((await chargesOf(owner.ownerId)).length, 1);

  const liveFirst = await post(live.key, body, "live-first");
  assert.equal(liveFirst.headers.get("x-credits-charged"), "1");
  const testAfter = await post(owner.key, body, "live-first");
  assert.equal(testAfter.headers.get("idempotent-replayed"), null);
  assert.equal(testAfter.headers.get("x-credits-charged"), "0");
  // Each mode still replays its own answer.
  const liveAgain = await post(live.key, body, "live-first");
  assert.equal(liveAgain.headers.get("idempotent-replayed"), "true");
  assert.equal((await chargesOf(owner.ownerId)).length, 2);
});

test("a 402 is not kept: after a top-up, a retry with the same key runs and is charged", async () => {
  const owner = await mintOwner(app.database.db, { credits: 0 });
  const body = { records: [{ id: "a" }, { id: "b" }] };
  const broke = await post(owner.key, body, "pay-later");
  assert.equal(broke.status, 402);
  assert.equal(broke.body.code, "insufficient_balance");
  await app.database.db
    .transaction()
    .execute((trx) => grantCredits(trx, { ownerId: owner.ownerId, credits: 10, kind: "topup" }));
  const paid = await post(owner.key, body, "pay-later");
  assert.equal(paid.status, 200);
  assert.equal(paid.headers.get("idempotent-replayed"), null);
  assert.equal(paid.headers.get("x-credits-charged"), "2");
  // The answer that was paid for is the one kept.
  const again = await post(owner.key, body, "pay-later");
  assert.equal(again.headers.get("idempotent-replayed"), "true");
  assert.equal(again.status, 200);
  assert.equal((await chargesOf(owner.ownerId)).length, 1);
});

test("a 422 about the request itself is kept and replayed", async () => {
  const owner = await mintOwner(app.database.db, { credits: 100 });
  const call = () =>
    app.call(owner.key, "POST", "/v1/rfc/verify", { rfc: "NOT AN RFC" }, { "idempotency-key": "bad" });
  const refused = await call();
  assert.equal(refused.status, 422);
  assert.equal(refused.body.code, "invalid_rfc");
  const again = await call();
  assert.equal(again.status, 422);
  assert.equal(again.headers.get("idempotent-replayed"), "true");
});

test("a retry while the first still runs waits for it, or gets 409 idempotency_in_progress past the bound", async () => {
  const owner = await mintOwner(app.database.db, { credits: 100 });
  // Long enough that the retry sent once the key is held still finds it running on a busy machine.
  const slow = { records: [{ id: "a" }], delay_ms: 1500 };
  const [first, waited] = await Promise.all([
    post(owner.key, slow, "slow-1"),
    untilClaimed(app.database.db, owner.ownerId, "slow-1").then(() => post(owner.key, slow, "slow-1")),
  ]);
  assert.equal(first.status, 200);
  assert.equal(waited.status, 200);
  assert.equal(waited.text, first.text);
  assert.equal((await chargesOf(owner.ownerId)).length, 1);

  const impatient = await startTestApp(
    { IDEMPOTENCY_WAIT_MS: "0" },
    { setup: mountTestOperation, listen: true },
  );
  try {
    const someone = await mintOwner(impatient.database.db, { credits: 100 });
    const call = (key: string) =>
      impatient.call(key, "POST", "/v1/test/batch", slow, { "idempotency-key": "slow-2" });
    const [a, b] = await Promise.all([
      call(someone.key),
      untilClaimed(impatient.database.db, someone.ownerId, "slow-2").then(() => call(someone.key)),
    ]);
    assert.equal(a.status, 200);
    assert.equal(b.status, 409);
    assert.equal(b.body.code, "idempotency_in_progress");
  } finally {
    await impatient.close();
  }
});

test("an Idempotency-Key longer than 255 characters is 422 and runs nothing", async () => {
  const owner = await mintOwner(app.database.db, { credits: 100 });
  const response = await post(owner.key, { records: [{ id: "a" }] }, "k".repeat(256));
  assert.equal(response.status, 422);
  assert.equal(response.body.code, "invalid_request");
  assert.equal((await chargesOf(owner.ownerId)).length, 0);
  assert.equal((await post(owner.key, { records: [{ id: "a" }] }, "k".repeat(255))).status, 200);
});
