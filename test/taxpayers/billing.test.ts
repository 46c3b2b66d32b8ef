import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { Scenario } from "../../src/sandbox/scenario-expectations.ts";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { chargedCall, ledgerOf, scenarioTagged } from "./support/ledger.ts";

// Live key whose connectors point at the sandbox: charges happen, unknown answers are refunded.
const h: SandboxApp = await startTestApp(
  {},
  { sandbox: { lists: ["sandbox", "live"], postalCatalog: true }, listen: true },
);
after(() => h.close());
const tester = await h.owner({ mode: "test" });
const payer = await h.owner({ credits: 100_000 });

const byTag = (tag: string): Scenario => scenarioTagged(h, tag);
const call = (path: string, body: unknown) => chargedCall(h, path, body, payer.key);

describe("unreachable upstreams answer 200 with null and the ledger nets to zero", () => {
  const cases: [string, string, (s: Scenario) => unknown, "valid" | "found"][] = [
    ["sat_timeout", "/v1/rfc/validate", (s) => ({ rfc: s.rfc, name: s.name }), "valid"],
    ["sat_timeout", "/v1/rfc/verify", (s) => ({ rfc: s.rfc }), "valid"],
    ["sat_error", "/v1/rfc/validate", (s) => ({ rfc: s.rfc }), "valid"],
    ["sat_error", "/v1/rfc/verify", (s) => ({ rfc: s.rfc, name: s.name, zip: s.zip }), "valid"],
    ["sat_error", "/v1/rfc/find-zip", (s) => ({ rfc: s.rfc, name: s.name }), "valid"],
    ["sat_garbage", "/v1/rfc/find-zip", (s) => ({ rfc: s.rfc, name: s.name }), "valid"],
    ["sat_garbage", "/v1/rfc/verify", (s) => ({ rfc: s.rfc }), "valid"],
    ["certificates_unavailable", "/v1/rfc/profile", (s) => ({ rfc: s.rfc }), "found"],
    ["certificates_unavailable", "/v1/rfc/commerce-registry", (s) => ({ rfc: s.rfc }), "found"],
    ["registry_unavailable", "/v1/rfc/commerce-registry", (s) => ({ rfc: s.rfc, name: s.name }), "found"],
  ];
  for (const [tag, path, body, field] of cases) {
    test(`${tag} ${path}`, { timeout: 30_000 }, async () => {
      const answer = await call(path, body(byTag(tag)));
      assert.equal(answer.status, 200);
      assert.equal(answer.body[field], null);
      assert.deepEqual(answer.ledger, { net: 0, kinds: ["charge", "refund"] });
      assert.equal(answer.headers.get("x-credits-charged"), "0");
    });
  }
});

describe("definite answers are charged once, at the configured price", () => {
  const kemper = () => byTag("registered_company");
  const cases: [string, () => unknown, number][] = [
    ["/v1/rfc/validate", () => ({ rfc: kemper().rfc, name: kemper().name }), 10],
    ["/v1/rfc/verify", () => ({ rfc: kemper().rfc }), 1],
    ["/v1/rfc/find-zip", () => ({ rfc: kemper().rfc, name: kemper().name }), 5],
    ["/v1/rfc/profile", () => ({ rfc: kemper().rfc }), 3],
    ["/v1/rfc/commerce-registry", () => ({ rfc: kemper().rfc }), 25],
    ["/v1/rfc/validate", () => ({ rfc: byTag("not_registered").rfc }), 10],
    [
      "/v1/rfc/commerce-registry",
      () => ({ rfc: byTag("registry_no_match").rfc, name: "EMPRESA SIN FOLIO MERCANTIL" }),
      25,
    ],
  ];
  for (const [path, body, price] of cases) {
    test(`${path} ${JSON.stringify(body())}`, async () => {
      const answer = await call(path, body());
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.ledger, { net: -price, kinds: ["charge"] });
      assert.equal(answer.headers.get("x-credits-charged"), String(price));
    });
  }

  test("RENAPO down: validation still completes without the identity object, names it, costs half", async () => {
    const answer = await call("/v1/rfc/validate", { rfc: byTag("renapo_unavailable").rfc });
    assert.equal(answer.body.valid, true);
    assert.equal(answer.body.legal_representative, undefined);
    assert.equal(typeof answer.body.legal_representative_curp, "string");
    assert.deepEqual(answer.body.unavailable, ["identity"]);
    assert.deepEqual(answer.ledger, { net: -5, kinds: ["charge", "refund"] });
    assert.equal(answer.headers.get("x-credits-charged"), "5");
  });

  test("commerce-registry whose matches are all unsupported is refunded", async () => {
    const s = byTag("registry_unsupported_only");
    const answer = await call("/v1/rfc/commerce-registry", { rfc: s.rfc, name: s.name });
    assert.equal(answer.body.found, true);
    assert.ok((answer.body.records as unknown[]).length > 0);
    assert.deepEqual(answer.ledger, { net: 0, kinds: ["charge", "refund"] });
  });

  test("sandbox keys are never charged", async () => {
    const answer = await h.call(tester.key, "POST", "/v1/rfc/validate", {
      rfc: byTag("registered_company").rfc,
    });
    assert.equal(answer.status, 200);
    assert.deepEqual(await ledgerOf(h.database.db, answer.headers.get("x-request-id") as string), {
      net: 0,
      kinds: [],
    });
  });
});
