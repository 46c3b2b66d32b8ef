import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { chargeCredits } from "../../src/credits/charge-credits.ts";
import {
  claimIdempotencyKey,
  forgetKey,
  storeIdempotentResponse,
} from "../../src/idempotency/claim-idempotency-key.ts";
import { fingerprintOf } from "../../src/idempotency/fingerprint-request.ts";
import type { Db } from "../../src/platform/db/connect.ts";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { ownerChargesOf, scenarioTagged } from "../taxpayers/support/ledger.ts";

const LEASE_MS = 300;
let h: SandboxApp;
before(async () => {
  // Sandbox latency ×2: one padrón call takes 1 to 6 s, several leases, so the lease must be renewed.
  h = await startTestApp(
    { IDEMPOTENCY_LEASE_MS: String(LEASE_MS), IDEMPOTENCY_WAIT_MS: "30000" },
    { sandbox: { timeScale: 2, lists: ["sandbox", "live"], postalCatalog: true }, listen: true },
  );
});
after(() => h?.close());

const verify = (key: string, body: unknown, idempotencyKey: string) =>
  fetch(`${h.base}/v1/rfc/verify`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key, "idempotency-key": idempotencyKey },
    body: JSON.stringify(body),
  });

async function untilClaimed(db: Db, ownerId: string, key: string): Promise<void> {
  for (;;) {
    const row = await db
      .selectFrom("idempotency_keys")
      .select("key")
      .where("owner_id", "=", ownerId)
      .where("key", "=", key)
      .executeTakeFirst();
    if (row) return;
    await sleep(10);
  }
}

const chargesOf = (ownerId: string) =>
  h.database.db
    .selectFrom("ledger")
    .select("credits")
    .where("owner_id", "=", ownerId)
    .where("kind", "=", "charge")
    .execute();

test("a retry while the first request outlives its lease waits for it: one upstream call, one charge", async () => {
  const owner = await mintOwner(h.database.db, { credits: 100 });
  // Each test asks about its own RFC: a cached padrón answer would not be slow.
  const body = { rfc: scenarioTagged(h, "registered_company").rfc };
  await fetch(`${h.sandbox.url}/_control/stats`, { method: "DELETE" });
  const first = verify(owner.key, body, "slow-upstream");
  await untilClaimed(h.database.db, owner.ownerId, "slow-upstream");
  // The retry comes after the first lease would have lapsed without renewal.
  await sleep(LEASE_MS * 2);
  const retry = await verify(owner.key, body, "slow-upstream");
  const answer = await first;
  assert.equal(answer.status, 200);
  assert.equal(retry.status, 200);
  assert.equal(retry.headers.get("idempotent-replayed"), "true");
  assert.equal(await retry.text(), await answer.text());
  const stats = (await h.sandboxJson("/_control/stats")) as Record<string, { started: number }>;
  assert.equal(stats.padron.started, 1);
  assert.equal((await chargesOf(owner.ownerId)).length, 1);
});

test("a client that gave up on a slow first request and retries gets its answer: one charge", async () => {
  const owner = await mintOwner(h.database.db, { credits: 100 });
  const body = { rfc: scenarioTagged(h, "registered_individual").rfc };
  await fetch(`${h.sandbox.url}/_control/stats`, { method: "DELETE" });
  const gaveUp = new AbortController();
  const first = fetch(`${h.base}/v1/rfc/verify`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": owner.key, "idempotency-key": "gave-up" },
    body: JSON.stringify(body),
    signal: gaveUp.signal,
  }).catch((error: Error) => error);
  await untilClaimed(h.database.db, owner.ownerId, "gave-up");
  await sleep(LEASE_MS * 2);
  gaveUp.abort();
  assert.ok((await first) instanceof Error);
  const retry = await verify(owner.key, body, "gave-up");
  assert.equal(retry.status, 200);
  assert.equal(retry.headers.get("idempotent-replayed"), "true");
  const stats = (await h.sandboxJson("/_control/stats")) as Record<string, { started: number }>;
  assert.equal(stats.padron.started, 1);
  assert.equal((await chargesOf(owner.ownerId)).length, 1);
});

test("a key whose first request died is free again once its lease lapses", async () => {
  const owner = await mintOwner(h.database.db, { credits: 100 });
  const body = { rfc: scenarioTagged(h, "not_registered").rfc };
  // A process claims the key the way the app does, then dies: nothing renews the lease.
  const claim = await claimIdempotencyKey(
    h.database.db,
    { ownerId: owner.ownerId, mode: "live", key: "orphaned" },
    {
      fingerprint: fingerprintOf("POST", "/v1/rfc/verify", body),
      waitMs: 0,
      leaseMs: LEASE_MS,
      requestId: "dead",
    },
  );
  assert.equal(claim.kind, "first");
  const retry = await verify(owner.key, body, "orphaned");
  assert.equal(retry.status, 200);
  assert.equal(retry.headers.get("idempotent-replayed"), null);
  assert.equal((await chargesOf(owner.ownerId)).length, 1);
});

test("a retry that takes over the key of a request that died after its charge refunds it: charged once", async () => {
  const owner = await mintOwner(h.database.db, { credits: 100 });
  const body = { rfc: scenarioTagged(h, "registered_company").rfc };
  // A process claims the key and charges the verify the way the app does, then dies before answering.
  const fingerprint = fingerprintOf("POST", "/v1/rfc/verify", body);
  const id = { ownerId: owner.ownerId, mode: "live" as const, key: "died-after-charge" };
  await claimIdempotencyKey(h.database.db, id, {
    fingerprint,
    waitMs: 0,
    leaseMs: LEASE_MS,
    requestId: "died",
  });
  await h.database.db
    .transaction()
    .execute((trx) =>
      chargeCredits(trx, { ownerId: owner.ownerId, amount: 1, operation: "verify", requestId: "died" }),
    );
  await sleep(LEASE_MS * 2);
  const retry = await verify(owner.key, body, "died-after-charge");
  assert.equal(retry.status, 200);
  const { rows, net } = await ownerChargesOf(h.database.db, owner.ownerId);
  assert.equal(net, -1, `ledger: ${JSON.stringify(rows)}`);
  assert.ok(rows.some((row) => row.kind === "refund" && row.request_id === "died"));
});

test("a stalled request that lost its key neither stores its answer over the new holder's nor frees it", async () => {
  const owner = await mintOwner(h.database.db, { credits: 100 });
  const id = { ownerId: owner.ownerId, mode: "live" as const, key: "stalled" };
  const claim = (requestId: string) =>
    claimIdempotencyKey(h.database.db, id, { fingerprint: "f", waitMs: 0, leaseMs: LEASE_MS, requestId });
  await claim("stalled");
  await sleep(LEASE_MS * 2);
  assert.equal((await claim("taker")).kind, "first");
  await storeIdempotentResponse(h.database.db, id, "stalled", { status: 200, headers: {}, body: "{}" });
  await forgetKey(h.database.db, id, { requestId: "stalled" });
  const row = await h.database.db
    .selectFrom("idempotency_keys")
    .select(["status", "request_id"])
    .where("owner_id", "=", owner.ownerId)
    .where("key", "=", "stalled")
    .executeTakeFirst();
  assert.deepEqual({ ...row }, { status: "running", request_id: "taker" });
});
