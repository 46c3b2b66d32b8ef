import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { chargedCall, scenarioTagged } from "./support/ledger.ts";
import { startRenapoStub } from "./support/renapo-stub.ts";

// Live keys against the sandbox, RENAPO behind a connector that gives canned answers for some CURPs and
// proxies the rest to the sandbox. RENAPO answers are not cached, so each test sees its own.
let sandboxUrl = "";
const renapo = await startRenapoStub(() => sandboxUrl);
const h: SandboxApp = await startTestApp(
  { RENAPO_URL: renapo.url, RENAPO_CACHE_TTL_SECONDS: "0" },
  { sandbox: { lists: ["sandbox", "live"], postalCatalog: true }, listen: true },
);
sandboxUrl = h.sandbox.url;
after(async () => {
  await h.close();
  await renapo.close();
});
const payer = await h.owner({ credits: 100_000 });
const validate = (body: unknown) => chargedCall(h, "/v1/rfc/validate", body, payer.key);

const answering = (curp: string, body: unknown) =>
  renapo.canned.set(curp, { status: 200, body: JSON.stringify(body) });

describe("RENAPO's answers in validate", () => {
  test("a RENAPO error (codigo neither 01 nor 06) is no identity: unavailable, half price", async () => {
    const s = scenarioTagged(h, "registered_company");
    answering(s.curp as string, {
      mensaje: "El servicio no está disponible, intente más tarde.",
      codigo: "99",
      registros: [],
    });
    try {
      const answer = await validate({ rfc: s.rfc, name: s.name });
      assert.equal(answer.body.valid, true);
      assert.equal(answer.body.legal_representative, undefined);
      assert.deepEqual(answer.body.unavailable, ["identity"]);
      assert.deepEqual(answer.ledger, { net: -5, kinds: ["charge", "refund"] });
    } finally {
      renapo.canned.clear();
    }
  });

  test("an individual whose CURP RENAPO does not know (06) gets person.renapo_valid false, full price", async () => {
    const s = scenarioTagged(h, "registered_individual");
    answering(s.curp as string, {
      mensaje: "Los datos ingresados no son correctos. Verifica e intenta de nuevo.",
      codigo: "06",
      registros: [],
    });
    try {
      const answer = await validate({ rfc: s.rfc, name: s.name });
      assert.equal(answer.body.curp, s.curp);
      assert.deepEqual(answer.body.person, { curp: s.curp, renapo_valid: false, homonimo: false });
      assert.deepEqual(answer.body.unavailable, []);
      assert.deepEqual(answer.ledger, { net: -10, kinds: ["charge"] });
    } finally {
      renapo.canned.clear();
    }
  });
});
