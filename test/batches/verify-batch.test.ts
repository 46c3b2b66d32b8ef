import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { type Json, type SandboxApp, startTestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { startReceiver } from "../webhooks/receiver.ts";

let h: SandboxApp;
before(async () => {
  h = await startTestApp(
    { RATE_LIMIT_BATCH_PER_MINUTE: "1000", PRICE_VERIFY_BATCH_RECORD: "2" },
    { sandbox: { timeoutMs: 4000, maxHoldMs: 500 }, listen: true, worker: true },
  );
});
const receivers: { close(): Promise<void> }[] = [];
after(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await h.close();
});
/** A customer's endpoint, closed after the file even when an assertion fails midway. */
async function receiver() {
  const started = await startReceiver();
  receivers.push(started);
  return started;
}

const BAD_STRUCTURE = "Estructura del RFC incorrecta";
const UNREACHABLE = /No fue posible consultar al SAT/;

/** Scenario records whose padrón answer is a legend (not a fault), with that legend. */
function answeredScenarios() {
  return h.scenarios.flatMap((s) =>
    s.name && s.zip && "legend" in s.expect.padron
      ? [{ record: { rfc: s.rfc, name: s.name, zip: s.zip }, legend: s.expect.padron.legend }]
      : [],
  );
}
const faultRfc = (fault: string) => {
  const scenario = h.scenarios.find((s) => "fault" in s.expect.padron && s.expect.padron.fault === fault);
  assert.ok(scenario?.name && scenario.zip, `a scenario with a padrón ${fault}`);
  return { rfc: scenario.rfc, name: scenario.name, zip: scenario.zip };
};

async function ledger(ownerId: string, requestId: string) {
  const rows = await h.database.db
    .selectFrom("ledger")
    .select(["kind", "credits", "allowance"])
    .where("owner_id", "=", ownerId)
    .where("request_id", "=", requestId)
    .execute();
  const all = await h.database.db
    .selectFrom("ledger")
    .select("credits")
    .where("owner_id", "=", ownerId)
    .execute();
  const balance = await h.database.db
    .selectFrom("balances")
    .select("credits")
    .where("owner_id", "=", ownerId)
    .executeTakeFirstOrThrow();
  return {
    kinds: rows.map((r) => `${r.kind}:${Number(r.credits) + Number(r.allowance)}`).sort(),
    net: rows.reduce((sum, r) => sum + Number(r.credits) + Number(r.allowance), 0),
    balanceMatchesEntries: Number(balance.credits) === all.reduce((sum, r) => sum + Number(r.credits), 0),
    balance: Number(balance.credits),
  };
}

test("a sandbox batch: one padrón call, SAT's legends per record, delivered signed in the §3.4 envelope", async () => {
  const owner = await mintOwner(h.database.db, { mode: "test" });
  const hook = await receiver();
  const answered = answeredScenarios();
  const records = [
    ...answered.map((a) => a.record),
    { rfc: "not-an-rfc", name: "NADIE", zip: "01000" },
    {
      rfc: ` ${answered[0].record.rfc.toLowerCase().slice(0, 4)}-${answered[0].record.rfc.slice(4)} `,
      name: answered[0].record.name,
      zip: answered[0].record.zip,
    },
    { rfc: "EKU9013173C9", name: "FECHA IMPOSIBLE", zip: "01000" },
  ];
  await h.resetSandboxStats();
  const response = await h.call(owner.key, "POST", "/v1/rfc/verify-batch", {
    records,
    webhook_url: hook.url,
  });
  assert.equal(response.status, 202);
  assert.equal(response.body.status, "processing");
  assert.equal(response.headers.get("location"), `/v1/requests/${response.body.request_id}`);

  const [hit] = await hook.waitFor(1);
  const { secret } = (await h.call(owner.key, "GET", "/v1/webhooks/secret")).body;
  const event = new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>) as Json;
  assert.deepEqual(Object.keys(event).sort(), ["body", "created_at", "id", "request_id", "status", "type"]);
  assert.equal(event.type, "rfc.verify_batch.completed");
  assert.equal(event.request_id, response.body.request_id);
  assert.equal(event.status, 200);
  assert.equal(event.id, hit.headers["webhook-id"]);
  assert.deepEqual(Object.keys(event.body).sort(), ["count", "results"]);
  assert.equal(event.body.count, records.length);
  const expected = [
    ...answered.map((a) => ({
      ...a.record,
      valid: a.legend === "RFC válido, y susceptible de recibir facturas",
      message: a.legend,
    })),
    { rfc: "NOTANRFC", name: "NADIE", zip: "01000", valid: false, message: BAD_STRUCTURE },
    {
      ...answered[0].record,
      valid: answered[0].legend.startsWith("RFC válido"),
      message: answered[0].legend,
    },
    { rfc: "EKU9013173C9", name: "FECHA IMPOSIBLE", zip: "01000", valid: false, message: BAD_STRUCTURE },
  ];
  assert.deepEqual(event.body.results, expected);
  assert.ok(
    expected.some((r) => r.valid === true) &&
      expected.some((r) => r.valid === false && r.message !== BAD_STRUCTURE),
  );
  assert.deepEqual(await h.sandboxStats(), { started: 1, completed: 1, aborted: 0 });

  const record = await h.settled(owner.key, response.body.request_id);
  assert.equal(record.status, "completed");
  assert.equal(record.operation, "verify-batch");
  assert.deepEqual(record.progress, { done: records.length, total: records.length });
  assert.deepEqual(record.result, { status: 200, body: event.body });
});

test("live key: charged per record at acceptance, bad structures refunded, the ledger nets right", async () => {
  const owner = await mintOwner(h.database.db, { credits: 1000 });
  const hook = await receiver();
  const good = answeredScenarios()
    .slice(0, 7)
    .map((a) => a.record);
  const records = [
    ...good,
    { rfc: "X", name: "A", zip: "1" },
    { rfc: "ABCD", name: "B", zip: "2" },
    { rfc: "", name: "", zip: "" },
  ];
  const response = await h.call(owner.key, "POST", "/v1/rfc/verify-batch", {
    records,
    webhook_url: hook.url,
  });
  assert.equal(response.status, 202);
  assert.equal(response.headers.get("x-credits-charged"), "20");
  assert.equal(response.headers.get("x-credits-remaining"), "980");
  await hook.waitFor(1);
  await h.settled(owner.key, response.body.request_id);
  const entries = await ledger(owner.ownerId, response.body.request_id);
  assert.deepEqual(entries.kinds, ["charge:-20", "refund:6"]);
  assert.equal(entries.net, -14);
  assert.equal(entries.balance, 986);
  assert.ok(entries.balanceMatchesEntries);
});

test("live key, SAT unavailable (sandbox fault scenario): every sent record unknown and refunded", async () => {
  const owner = await mintOwner(h.database.db, { credits: 1000 });
  const hook = await receiver();
  const good = answeredScenarios()
    .slice(0, 4)
    .map((a) => a.record);
  const records = [...good, faultRfc("error5xx"), { rfc: "BAD", name: "X", zip: "1" }];
  await h.resetSandboxStats();
  const response = await h.call(owner.key, "POST", "/v1/rfc/verify-batch", {
    records,
    webhook_url: hook.url,
  });
  assert.equal(response.status, 202);
  assert.equal(response.headers.get("x-credits-charged"), "12");
  const [hit] = await hook.waitFor(1);
  const event = JSON.parse(hit.body);
  assert.equal(event.status, 200);
  assert.equal(event.body.count, 6);
  for (const result of event.body.results.slice(0, 5)) {
    assert.equal(result.valid, null);
    assert.match(result.message, UNREACHABLE);
  }
  assert.deepEqual(event.body.results[5], {
    rfc: "BAD",
    name: "X",
    zip: "1",
    valid: false,
    message: BAD_STRUCTURE,
  });
  assert.equal((await h.sandboxStats()).started, 2, "the failed call and its one retry");
  await h.settled(owner.key, response.body.request_id);
  const entries = await ledger(owner.ownerId, response.body.request_id);
  assert.deepEqual(entries.kinds, ["charge:-12", "refund:12"]);
  assert.equal(entries.net, 0);
  assert.equal(entries.balance, 1000);
  assert.ok(entries.balanceMatchesEntries);
});

test("a batch of only bad structures never reaches the padrón, and is refunded whole", async () => {
  const owner = await mintOwner(h.database.db, { credits: 100 });
  const hook = await receiver();
  const records = ["", "123456789012", "AAAA999999AAA", "EKU900317-3C9-XX"].map((rfc) => ({
    rfc,
    name: "N",
    zip: "01000",
  }));
  await h.resetSandboxStats();
  const response = await h.call(owner.key, "POST", "/v1/rfc/verify-batch", {
    records,
    webhook_url: hook.url,
  });
  assert.equal(response.status, 202);
  const [hit] = await hook.waitFor(1);
  const event = JSON.parse(hit.body);
  assert.deepEqual(
    event.body.results.map((r: Json) => [r.valid, r.message]),
    records.map(() => [false, BAD_STRUCTURE]),
  );
  assert.deepEqual(await h.sandboxStats(), { started: 0, completed: 0, aborted: 0 });
  await h.settled(owner.key, response.body.request_id);
  const entries = await ledger(owner.ownerId, response.body.request_id);
  assert.deepEqual(entries.kinds, ["charge:-8", "refund:8"]);
});

test("5,000 records go to the padrón in ONE call; progress counts them", async () => {
  const owner = await mintOwner(h.database.db, { credits: 20_000 });
  const hook = await receiver();
  const answered = answeredScenarios();
  const records = Array.from({ length: 5000 }, (_, i) => answered[i % answered.length].record);
  await h.resetSandboxStats();
  const response = await h.call(owner.key, "POST", "/v1/rfc/verify-batch", {
    records,
    webhook_url: hook.url,
  });
  assert.equal(response.status, 202);
  assert.equal(response.headers.get("x-credits-charged"), "10000");
  const [hit] = await hook.waitFor(1);
  const event = JSON.parse(hit.body);
  assert.equal(event.body.count, 5000);
  assert.deepEqual(
    event.body.results.map((r: Json) => r.message),
    records.map((_, i) => answered[i % answered.length].legend),
  );
  assert.deepEqual(await h.sandboxStats(), { started: 1, completed: 1, aborted: 0 });
  const record = await h.settled(owner.key, response.body.request_id);
  assert.deepEqual(record.progress, { done: 5000, total: 5000 });
  assert.deepEqual((await ledger(owner.ownerId, response.body.request_id)).kinds, ["charge:-10000"]);
});

test("acceptance rules: 5,001 records, zero records, no webhook_url, a bad webhook_url; none charged", async () => {
  const owner = await mintOwner(h.database.db, { credits: 20_000 });
  const record = answeredScenarios()[0].record;
  const url = "http://127.0.0.1:9/hook";
  const tooMany = await h.call(owner.key, "POST", "/v1/rfc/verify-batch", {
    records: Array.from({ length: 5001 }, () => record),
    webhook_url: url,
  });
  assert.equal(tooMany.status, 422);
  assert.equal(tooMany.body.code, "batch_too_large");
  const none = await h.call(owner.key, "POST", "/v1/rfc/verify-batch", { records: [], webhook_url: url });
  assert.equal(none.status, 422);
  assert.equal(none.body.code, "invalid_request");
  const noHook = await h.call(owner.key, "POST", "/v1/rfc/verify-batch", { records: [record] });
  assert.equal(noHook.body.code, "invalid_request");
  const missingField = await h.call(owner.key, "POST", "/v1/rfc/verify-batch", {
    records: [{ rfc: record.rfc, name: record.name }],
    webhook_url: url,
  });
  assert.equal(missingField.body.code, "invalid_request");
  const ftp = await h.call(owner.key, "POST", "/v1/rfc/verify-batch", {
    records: [record],
    webhook_url: "ftp://example.com/x",
  });
  assert.equal(ftp.status, 422);
  assert.equal(ftp.body.code, "invalid_webhook_url");
  const rows = await h.database.db
    .selectFrom("ledger")
    .select("kind")
    .where("owner_id", "=", owner.ownerId)
    .execute();
  assert.deepEqual(
    rows.map((r) => r.kind),
    ["grant"],
  );
  const requests = await h.database.db
    .selectFrom("requests")
    .select("request_id")
    .where("owner_id", "=", owner.ownerId)
    .execute();
  assert.equal(requests.length, 0);
});

test("an Idempotency-Key retry of a batch replays the 202: one charge, one job, one delivery", async () => {
  const owner = await mintOwner(h.database.db, { credits: 100 });
  const hook = await receiver();
  const records = answeredScenarios()
    .slice(0, 3)
    .map((a) => a.record);
  const send = () =>
    fetch(`${h.base}/v1/rfc/verify-batch`, {
      method: "POST",
      headers: { "x-api-key": owner.key, "content-type": "application/json", "idempotency-key": "batch-1" },
      body: JSON.stringify({ records, webhook_url: hook.url }),
    });
  const first = await send();
  const second = await send();
  assert.equal(first.status, 202);
  assert.equal(second.status, 202);
  const [a, b]: Json[] = [await first.json(), await second.json()];
  assert.deepEqual(b, a);
  await hook.waitFor(1);
  await h.settled(owner.key, a.request_id);
  const jobs = await h.database.db
    .selectFrom("requests")
    .select("request_id")
    .where("owner_id", "=", owner.ownerId)
    .execute();
  assert.deepEqual(
    jobs.map((j) => j.request_id),
    [a.request_id],
  );
  assert.deepEqual((await ledger(owner.ownerId, a.request_id)).kinds, ["charge:-6"]);
  assert.equal(hook.received.length, 1);
});
