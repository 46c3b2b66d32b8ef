import assert from "node:assert/strict";
import { after, test } from "node:test";
import { PADRON_LEGENDS } from "../../src/upstreams/padron/padron-exchange.ts";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { scenarioTagged } from "./support/ledger.ts";

// Issue 22 item 5: the sandbox compares names as SAT does for CFDI 4.0, and answers carry cfdi_name.
const h: SandboxApp = await startTestApp(
  {},
  { sandbox: { lists: ["sandbox", "live"], postalCatalog: true }, listen: true },
);
after(() => h.close());
const tester = await h.owner({ mode: "test" });

test("verify: only the registered name without the régimen, letter for letter, matches", async () => {
  const company = scenarioTagged(h, "registered_company");
  const legendFor = async (name: string) =>
    (await h.call(tester.key, "POST", "/v1/rfc/verify", { rfc: company.rfc, name, zip: company.zip })).body
      .message;
  assert.equal(await legendFor(company.name ?? ""), PADRON_LEGENDS.valid);
  assert.equal(await legendFor(` ${company.name} `), PADRON_LEGENDS.valid);
  for (const near of [
    (company.name ?? "").toLowerCase(),
    `${company.name}, S.A. de C.V.`,
    `${company.name} SA DE CV`,
    `${company.name}.`,
    (company.name ?? "").replace(" ", "  "),
  ])
    assert.equal(await legendFor(near), PADRON_LEGENDS.nameMismatch, near);
});

test("validate and profile carry cfdi_name: the certificate's name without SA DE CV", async () => {
  const company = scenarioTagged(h, "registered_company");
  const profile = await h.call(tester.key, "POST", "/v1/rfc/profile", { rfc: company.rfc });
  assert.equal(profile.status, 200);
  assert.match(String(profile.body.name), / SA DE CV$/);
  assert.equal(profile.body.cfdi_name, company.name);
  const validation = await h.call(tester.key, "POST", "/v1/rfc/validate", { rfc: company.rfc });
  assert.equal(validation.body.cfdi_name, company.name);
});

test("validate's name mismatch names the registered name that matches, not the one refused", async () => {
  const s = scenarioTagged(h, "zip_mismatch");
  const sent = `${s.name} SA DE CV`;
  const validation = await h.call(tester.key, "POST", "/v1/rfc/validate", { rfc: s.rfc, name: sent });
  assert.equal(validation.body.valid, false);
  assert.equal(validation.body.message, `${PADRON_LEGENDS.nameMismatch}. Nombre registrado: ${s.name}`);
});
