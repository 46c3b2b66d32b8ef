import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { Scenario } from "../../src/sandbox/scenario-expectations.ts";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { chargedCall, scenarioTagged } from "./support/ledger.ts";

// Issue 22 item 2: a step that could not be answered is named in `unavailable`, and the price follows:
// 10 credits when every step answered, half (5) when some did not, nothing when the status is unknown.
const h: SandboxApp = await startTestApp(
  {},
  { sandbox: { lists: ["sandbox", "live"], postalCatalog: true }, listen: true },
);
after(() => h.close());
const payer = await h.owner({ credits: 100_000 });

const byTag = (tag: string): Scenario => scenarioTagged(h, tag);
const call = (path: string, body: unknown) => chargedCall(h, path, body, payer.key);

describe("validate names the steps it could not answer and charges accordingly", () => {
  test("every step answered: unavailable [] and the full price", async () => {
    const s = byTag("registered_company");
    const answer = await call("/v1/rfc/validate", { rfc: s.rfc, name: s.name });
    assert.equal(answer.body.valid, true);
    assert.deepEqual(answer.body.unavailable, []);
    assert.deepEqual(answer.ledger, { net: -10, kinds: ["charge"] });
    assert.equal(answer.headers.get("x-credits-charged"), "10");
  });

  test("certificate search down: certs omitted, named, half the price", async () => {
    const s = byTag("certificates_unavailable");
    const answer = await call("/v1/rfc/validate", { rfc: s.rfc, name: s.name });
    assert.equal(answer.body.valid, true);
    assert.equal(answer.body.certs, undefined);
    assert.equal(answer.body.zip, s.zip, "the postal code still comes from the given name");
    assert.deepEqual(answer.body.unavailable, ["certs"]);
    assert.deepEqual(answer.ledger, { net: -5, kinds: ["charge", "refund"] });
    assert.equal(answer.headers.get("x-credits-charged"), "5");
  });

  test("padrón down: the status is unknown, so nothing is charged; the failed steps are named", async () => {
    const s = byTag("sat_timeout");
    const answer = await call("/v1/rfc/validate", { rfc: s.rfc });
    assert.equal(answer.body.valid, null);
    assert.deepEqual(answer.body.unavailable, ["status", "zip"]);
    assert.deepEqual(answer.ledger, { net: 0, kinds: ["charge", "refund"] });
    assert.equal(answer.headers.get("x-credits-charged"), "0");
  });

  test("the balance is the sum of the ledger after partial answers", async () => {
    const [balance, entries] = await Promise.all([
      h.database.db
        .selectFrom("balances")
        .select("credits")
        .where("owner_id", "=", payer.ownerId)
        .executeTakeFirstOrThrow(),
      h.database.db
        .selectFrom("ledger")
        .select((eb) => eb.fn.sum<number>("credits").as("sum"))
        .where("owner_id", "=", payer.ownerId)
        .executeTakeFirstOrThrow(),
    ]);
    assert.equal(Number(balance.credits), Number(entries.sum));
  });
});

// Last: the certificate file store fails every call from here on in this file.
describe("certificate files that cannot be had (store down, not a 404)", () => {
  test("validate, profile and commerce-registry say so; partial answers cost half, unknown ones nothing", async () => {
    await h.sandboxJson("/_control/faults", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ "certificate-files": { share: 1, kinds: ["error5xx"] } }),
    });
    try {
      const s = byTag("fiel_only");
      const validated = await call("/v1/rfc/validate", { rfc: s.rfc });
      assert.equal(validated.body.valid, true);
      const certs = validated.body.certs as { cer_base64: string | null }[];
      assert.ok(certs.length > 0 && certs.every((cert) => cert.cer_base64 === null));
      assert.equal(validated.body.name, undefined, "no readable certificate, no name");
      assert.deepEqual(validated.body.unavailable, ["certs"]);
      assert.deepEqual(validated.ledger, { net: -5, kinds: ["charge", "refund"] });

      const profile = await call("/v1/rfc/profile", { rfc: s.rfc });
      assert.equal(profile.body.found, true);
      assert.deepEqual(profile.body.unavailable, ["certs"]);
      assert.deepEqual(profile.ledger, { net: -1, kinds: ["charge", "refund"] }, "3 credits, half is 1");
      assert.equal(profile.headers.get("x-credits-charged"), "1");

      const registry = await call("/v1/rfc/commerce-registry", { rfc: s.rfc });
      assert.equal(registry.body.found, null, "no name because the files failed is unknown, not 'no name'");
      assert.deepEqual(registry.ledger, { net: 0, kinds: ["charge", "refund"] });
    } finally {
      await h.sandboxJson("/_control/faults", { method: "DELETE" });
    }
  });
});
