import assert from "node:assert/strict";
import { after, test } from "node:test";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";

// spec §4.7: without `name`, the search uses the name SAT publishes in the company's certificates.
const h: SandboxApp = await startTestApp({}, { sandbox: { lists: ["sandbox", "live"] }, listen: true });
after(() => h.close());
const tester = await h.owner({ mode: "test" });

test("the certificate name is searched, and the same folios match as with the padrón name", async () => {
  const s = h.scenarios.find((scenario) =>
    scenario.tags.includes("registry_multiple_folios"),
  ) as (typeof h.scenarios)[0];
  const taxpayer = h.sandbox.population.byRfc.get(s.rfc);
  const withoutName = await h.call(tester.key, "POST", "/v1/rfc/commerce-registry", { rfc: s.rfc });
  const withName = await h.call(tester.key, "POST", "/v1/rfc/commerce-registry", {
    rfc: s.rfc,
    name: s.name,
  });
  assert.equal(withoutName.status, 200);
  assert.equal(withoutName.body.name, taxpayer?.name, "the name as the certificates carry it");
  assert.notEqual(withoutName.body.name, s.name);
  assert.deepEqual({ ...withoutName.body, name: s.name }, withName.body);
  assert.equal((withName.body.records as unknown[]).length, 3);
});

test("a company SAT publishes no certificate for: found false, nothing searched", async () => {
  const answer = await h.call(tester.key, "POST", "/v1/rfc/commerce-registry", { rfc: "FIA1105056S9" });
  assert.deepEqual(answer.body, {
    rfc: "FIA1105056S9",
    found: false,
    message:
      "El SAT no tiene un nombre registrado para este RFC; no se pudo buscar en el Registro Público de Comercio.",
    records: [],
  });
});
