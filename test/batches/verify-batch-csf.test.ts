import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type Json, type SandboxApp, startTestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { startReceiver } from "../webhooks/receiver.ts";

// verify-batch records with id_cif are answered from SAT's CSF page (the sandbox's), per record.
let h: SandboxApp;
before(async () => {
  h = await startTestApp(
    { RATE_LIMIT_BATCH_PER_MINUTE: "1000" },
    { sandbox: { timeoutMs: 4000, maxHoldMs: 500 }, listen: true, worker: true },
  );
});
after(() => h.close());

test("records with id_cif: match, name and CP mismatches, an invalid pair, SAT down (refunded)", async () => {
  const tagged = (tag: string) =>
    h.scenarios.find((s) => s.tags.includes(tag)) as (typeof h.scenarios)[number];
  const company = tagged("csf_company");
  const down = tagged("csf_unavailable");
  const records = [
    { rfc: company.rfc, name: "ESCUELA KEMPER URGATE", zip: "86035", id_cif: company.id_cif },
    { rfc: company.rfc, name: "ESCUELA KEMPER URGATE SA DE CV", zip: "86035", id_cif: company.id_cif },
    { rfc: company.rfc, name: "ESCUELA KEMPER URGATE", zip: "86000", id_cif: ` ${company.id_cif} ` },
    {
      rfc: company.rfc,
      name: "ESCUELA KEMPER URGATE",
      zip: "86035",
      id_cif: tagged("csf_invalid_pair").id_cif,
    },
    { rfc: down.rfc, name: down.name as string, zip: down.zip as string, id_cif: down.id_cif },
    { rfc: company.rfc, name: "ESCUELA KEMPER URGATE", zip: "86035" },
  ];
  const owner = await mintOwner(h.database.db, { mode: "live", credits: 100 });
  const receiver = await startReceiver();
  const accepted = await h.call(owner.key, "POST", "/v1/rfc/verify-batch", {
    records,
    webhook_url: receiver.url,
  });
  assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
  const settled = await h.settled(owner.key, accepted.body.request_id);
  await receiver.close();
  const results: Json[] = settled.result.body.results;
  const brief = results.map((r) => [r.valid, String(r.message).slice(0, 30), r.source ?? null]);
  assert.deepEqual(brief, [
    [true, "RFC válido, y susceptible de r", "sat_csf"],
    [false, "El nombre, denominación o razó", "sat_csf"],
    [false, "El Código Postal no coincide c", "sat_csf"],
    [false, "No se encontró información de ", "sat_csf"],
    [null, "No fue posible consultar al SA", "sat_csf"],
    [true, "RFC válido, y susceptible de r", null],
  ]);
  assert.equal(results[0].id_cif, company.id_cif);
  const balance = await h.database.db
    .selectFrom("balances")
    .select("credits")
    .where("owner_id", "=", owner.ownerId)
    .executeTakeFirstOrThrow();
  assert.equal(Number(balance.credits), 100 - 6 + 1);
});

test("an id_cif that is not digits is refused with the batch (422), before any charge", async () => {
  const owner = await mintOwner(h.database.db, { mode: "live", credits: 100 });
  const answer = await h.call(owner.key, "POST", "/v1/rfc/verify-batch", {
    records: [{ rfc: "EKU9003173C9", name: "X", zip: "86035", id_cif: "ABC" }],
    webhook_url: "http://127.0.0.1:9/hook",
  });
  assert.equal(answer.status, 422);
  assert.equal(answer.body.code, "invalid_request");
});
