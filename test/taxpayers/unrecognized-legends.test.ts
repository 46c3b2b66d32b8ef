import assert from "node:assert/strict";
import { after, test } from "node:test";
import { PADRON_LEGENDS } from "../../src/upstreams/padron/padron-exchange.ts";
import { type Json, type SandboxApp, startTestApp } from "../helpers/app.ts";
import { startReceiver } from "../webhooks/receiver.ts";
import { chargedCall, ledgerOf, scenarioTagged } from "./support/ledger.ts";
import { startPadronStub } from "./support/padron-stub.ts";

// A legend SAT has not been seen to use (here, a reworded "valid") is unknown: valid null, SAT's own
// text as the message, not charged, and a warning in the log. Live keys, the padrón behind a stub.
const REWORDED = "RFC válido, y susceptible de recibir CFDI";
let sandboxUrl = "";
const padron = await startPadronStub(() => sandboxUrl);
const h: SandboxApp = await startTestApp(
  { PADRON_VALIDATION_URL: padron.url, PADRON_CACHE_TTL_SECONDS: "0", RATE_LIMIT_BATCH_PER_MINUTE: "1000" },
  { sandbox: { lists: ["sandbox", "live"], postalCatalog: true }, listen: true, worker: true },
);
sandboxUrl = h.sandbox.url;
after(async () => {
  await h.close();
  await padron.close();
});
const payer = await h.owner({ credits: 100_000 });
const call = (path: string, body: unknown) => chargedCall(h, path, body, payer.key);

const s = scenarioTagged(h, "registered_company");
padron.reworded.set(s.rfc, REWORDED);

test("verify: valid null in SAT's words, refunded, and operators warned", async () => {
  const answer = await call("/v1/rfc/verify", { rfc: s.rfc });
  assert.deepEqual(answer.body, { rfc: s.rfc, valid: null, message: REWORDED });
  assert.deepEqual(answer.ledger, { net: 0, kinds: ["charge", "refund"] });
  assert.ok(h.logs.some((line) => line.includes('"level":40') && line.includes(REWORDED)));
});

test("validate: status unavailable, valid null, nothing charged", async () => {
  const answer = await call("/v1/rfc/validate", { rfc: s.rfc, name: s.name });
  assert.equal(answer.body.valid, null);
  assert.equal(answer.body.message, REWORDED);
  assert.deepEqual(answer.body.unavailable, ["status", "zip"]);
  assert.deepEqual(answer.ledger, { net: 0, kinds: ["charge", "refund"] });
});

test("find-zip: every candidate unrecognized is unknown, not 'no code matches'", async () => {
  const answer = await call("/v1/rfc/find-zip", { rfc: s.rfc, name: s.name });
  assert.deepEqual(answer.body, { rfc: s.rfc, valid: null, message: REWORDED });
  assert.deepEqual(answer.ledger, { net: 0, kinds: ["charge", "refund"] });
});

test("verify-batch: that record is null and refunded, the others answered", async () => {
  const other = scenarioTagged(h, "fiel_only");
  const receiver = await startReceiver();
  const accepted = await h.call(payer.key, "POST", "/v1/rfc/verify-batch", {
    records: [
      { rfc: s.rfc, name: s.name as string, zip: s.zip as string },
      { rfc: other.rfc, name: other.name as string, zip: other.zip as string },
    ],
    webhook_url: receiver.url,
  });
  assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
  const settled = await h.settled(payer.key, accepted.body.request_id);
  await receiver.close();
  const results: Json[] = settled.result.body.results;
  assert.deepEqual(
    results.map((r) => [r.valid, r.message]),
    [
      [null, REWORDED],
      [true, PADRON_LEGENDS.valid],
    ],
  );
  assert.equal((await ledgerOf(h.database.db, accepted.body.request_id)).net, -1);
});
