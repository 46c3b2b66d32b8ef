import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { type Json, type SandboxApp, startTestApp } from "../helpers/app.ts";
import { mintOwner, type TestOwner } from "../helpers/owners.ts";
import { startReceiver } from "../webhooks/receiver.ts";
import { startHttpsReceiver } from "./https-receiver.ts";

let h: SandboxApp;
let hook: Awaited<ReturnType<typeof startReceiver>>;
let secureHook: Awaited<ReturnType<typeof startHttpsReceiver>>;
before(async () => {
  h = await startTestApp({}, { sandbox: { timeoutMs: 4000, maxHoldMs: 500 }, listen: true, worker: true });
  hook = await startReceiver();
  secureHook = await startHttpsReceiver();
  // The sandbox builds each .cer on first ask: under load that first download can outlast the 4 s
  // timeout in one of the two calls compared below. A first validate warms it (and the answer caches).
  const warm = await mintOwner(h.database.db, { mode: "test" });
  await h.call(warm.key, "POST", "/v1/rfc/validate", { rfc: company().rfc, name: company().name });
});
after(async () => {
  await hook.close();
  await secureHook.close();
  await h.close();
});

const scenario = (tag: string) => {
  const found = h.scenarios.find((s) => s.tags.includes(tag));
  assert.ok(found?.name && found.zip, `scenario ${tag}`);
  return { rfc: found.rfc, name: found.name, zip: found.zip };
};

/** POSTs with webhook_url, expects 202, waits for the delivery and verifies it as a customer would. */
async function deliveredEvent(
  owner: TestOwner,
  path: string,
  body: object,
  receiver: {
    url: string;
    received: { headers: Json; body: string }[];
    waitFor(n: number): Promise<unknown>;
  },
) {
  const before = receiver.received.length;
  const accepted = await h.call(owner.key, "POST", path, { ...body, webhook_url: receiver.url });
  assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
  assert.equal(accepted.body.status, "processing");
  assert.equal(accepted.headers.get("location"), `/v1/requests/${accepted.body.request_id}`);
  await receiver.waitFor(before + 1);
  const hit = receiver.received.find((r) => JSON.parse(r.body).request_id === accepted.body.request_id);
  assert.ok(hit, "the delivery of this request");
  const { secret } = (await h.call(owner.key, "GET", "/v1/webhooks/secret")).body;
  const event = new Webhook(secret).verify(hit.body, hit.headers) as Json;
  assert.equal(event.id, hit.headers["webhook-id"]);
  assert.equal(event.request_id, accepted.body.request_id);
  return { event, accepted };
}

const company = () => scenario("registry_single_folio");
const CASES = [
  {
    path: "/v1/rfc/validate",
    type: "rfc.validate.completed",
    body: () => ({ rfc: company().rfc, name: company().name }),
  },
  { path: "/v1/rfc/verify", type: "rfc.verify.completed", body: () => company() },
  { path: "/v1/rfc/verify", type: "rfc.verify.completed", body: () => ({ rfc: company().rfc }) },
  {
    path: "/v1/rfc/find-zip",
    type: "rfc.find_zip.completed",
    body: () => ({ rfc: company().rfc, name: company().name }),
  },
  { path: "/v1/rfc/profile", type: "rfc.profile.completed", body: () => ({ rfc: company().rfc }) },
];

for (const { path, type, body } of CASES)
  test(`${path} with webhook_url: 202, then the synchronous body delivered signed as ${type}`, async () => {
    const owner = await mintOwner(h.database.db, { mode: "test" });
    const sync = await h.call(owner.key, "POST", path, body());
    assert.equal(sync.status, 200);
    const { event } = await deliveredEvent(owner, path, body(), hook);
    assert.equal(event.type, type);
    assert.equal(event.status, 200);
    assert.deepEqual(event.body, sync.body);
    const record = await h.settled(owner.key, event.request_id);
    assert.deepEqual(record.result, { status: 200, body: sync.body });
  });

test("commerce-registry with an https webhook_url: delivered signed; an http one is refused", async () => {
  const owner = await mintOwner(h.database.db, { mode: "test" });
  const sync = await h.call(owner.key, "POST", "/v1/rfc/commerce-registry", { rfc: company().rfc });
  assert.equal(sync.status, 200);
  assert.equal(sync.body.found, true);
  const { event } = await deliveredEvent(
    owner,
    "/v1/rfc/commerce-registry",
    { rfc: company().rfc },
    secureHook,
  );
  assert.equal(event.type, "rfc.commerce_registry.completed");
  assert.deepEqual(event.body, sync.body);
  const http = await h.call(owner.key, "POST", "/v1/rfc/commerce-registry", {
    rfc: company().rfc,
    webhook_url: hook.url,
  });
  assert.equal(http.status, 422);
  assert.equal(http.body.code, "invalid_webhook_url");
});

async function netOf(ownerId: string, requestId: string) {
  const rows = await h.database.db
    .selectFrom("ledger")
    .select(["kind", "credits", "allowance"])
    .where("owner_id", "=", ownerId)
    .where("request_id", "=", requestId)
    .execute();
  return rows.reduce((sum, r) => sum + Number(r.credits) + Number(r.allowance), 0);
}

test("live key: commerce-registry with webhook is charged whatever it finds; without, all-unsupported is free", async () => {
  const owner = await mintOwner(h.database.db, { credits: 1000 });
  const unsupported = { rfc: scenario("registry_unsupported_only").rfc };
  const sync = await h.call(owner.key, "POST", "/v1/rfc/commerce-registry", unsupported);
  assert.equal(sync.status, 200);
  assert.equal(await netOf(owner.ownerId, sync.headers.get("x-request-id") ?? ""), 0);
  const { event, accepted } = await deliveredEvent(
    owner,
    "/v1/rfc/commerce-registry",
    unsupported,
    secureHook,
  );
  assert.equal(accepted.headers.get("x-credits-charged"), String(h.config.prices["commerce-registry"]));
  assert.deepEqual(event.body, sync.body);
  await h.settled(owner.key, event.request_id);
  assert.equal(await netOf(owner.ownerId, event.request_id), -h.config.prices["commerce-registry"]);
});

test("live key: a partial validate by webhook costs what the synchronous one costs (half)", async () => {
  const owner = await mintOwner(h.database.db, { credits: 1000 });
  const body = { rfc: scenario("renapo_unavailable").rfc };
  const sync = await h.call(owner.key, "POST", "/v1/rfc/validate", body);
  assert.equal(sync.body.valid, true);
  assert.ok(sync.body.unavailable.includes("identity"), JSON.stringify(sync.body.unavailable));
  assert.equal(sync.headers.get("x-credits-charged"), String(h.config.prices.validate / 2));
  assert.equal(
    await netOf(owner.ownerId, sync.headers.get("x-request-id") ?? ""),
    -h.config.prices.validate / 2,
  );
  const { event, accepted } = await deliveredEvent(owner, "/v1/rfc/validate", body, hook);
  assert.equal(accepted.headers.get("x-credits-charged"), String(h.config.prices.validate));
  assert.deepEqual(event.body, sync.body);
  await h.settled(owner.key, event.request_id);
  assert.equal(await netOf(owner.ownerId, event.request_id), -h.config.prices.validate / 2);
});

test("live key: an unknown answer by webhook (SAT unavailable) is refunded; a bad RFC is refused before any charge", async () => {
  const owner = await mintOwner(h.database.db, { credits: 1000 });
  const { event, accepted } = await deliveredEvent(owner, "/v1/rfc/verify", scenario("sat_error"), hook);
  assert.equal(accepted.headers.get("x-credits-charged"), String(h.config.prices.verify));
  assert.equal(event.body.valid, null);
  await h.settled(owner.key, event.request_id);
  assert.equal(await netOf(owner.ownerId, event.request_id), 0);

  const refusals = [
    ["/v1/rfc/validate", { rfc: "NOT-AN-RFC" }, "invalid_rfc"],
    ["/v1/rfc/verify", { rfc: company().rfc, name: "SOLO NOMBRE" }, "name_zip_pair_required"],
    ["/v1/rfc/find-zip", { rfc: company().rfc, name: "   " }, "invalid_request"],
    ["/v1/rfc/commerce-registry", { rfc: scenario("registered_individual").rfc }, "company_rfc_required"],
  ] as const;
  for (const [path, body, code] of refusals) {
    const url = path.endsWith("commerce-registry") ? secureHook.url : hook.url;
    const refused = await h.call(owner.key, "POST", path, { ...body, webhook_url: url });
    assert.equal(refused.status, 422, path);
    assert.equal(refused.body.code, code, path);
  }
  const kinds = await h.database.db
    .selectFrom("ledger")
    .select("kind")
    .where("owner_id", "=", owner.ownerId)
    .execute();
  assert.deepEqual(kinds.map((k) => k.kind).sort(), ["charge", "grant", "refund"]);
});
