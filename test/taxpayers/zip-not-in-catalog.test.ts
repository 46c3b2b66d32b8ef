import assert from "node:assert/strict";
import { after, test } from "node:test";
import { importPostalCodes } from "../../src/postal-codes/import-postal-codes.ts";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { settlementAt } from "./support/settlement.ts";

// SAT's postal codes outnumber SEPOMEX's (research §7): a registered code can be missing from the catalog.
const h: SandboxApp = await startTestApp({}, { sandbox: { timeScale: 0.1, lists: ["sandbox", "live"] } });
after(() => h.close());
const payer = await h.owner({ credits: 100 });
const kemper = h.scenarios.find((s) => s.tags.includes("registered_company")) as (typeof h.scenarios)[0];
const near = ["86036", "86037"].filter((zip) => zip !== kemper.zip);
await importPostalCodes(
  h.database.db,
  "live",
  near.map(settlementAt),
  "a catalog without the registered code",
  { minCodeRatio: 0.9 },
);
const query = { rfc: kemper.rfc, name: kemper.name };

test("find-zip: RFC and name are SAT's, so valid true; no zip, and nothing charged for it", async () => {
  const answer = await h.call(payer.key, "POST", "/v1/rfc/find-zip", query);
  assert.deepEqual(answer.body, {
    rfc: kemper.rfc,
    valid: true,
    message:
      "El RFC y el nombre coinciden con el padrón, pero ningún código postal del catálogo coincide con el registrado.",
  });
  assert.equal(answer.headers.get("x-credits-charged"), "0");
});

test("validate with name: valid true, zip unavailable, half the price", async () => {
  const answer = await h.call(payer.key, "POST", "/v1/rfc/validate", query);
  assert.equal(answer.body.valid, true);
  assert.equal(answer.body.zip, undefined);
  assert.deepEqual(answer.body.unavailable, ["zip"]);
  assert.equal(answer.headers.get("x-credits-charged"), "5");
});
