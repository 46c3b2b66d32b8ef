import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { Scenario } from "../../src/sandbox/scenario-expectations.ts";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { chargedCall, ledgerOf, scenarioTagged } from "./support/ledger.ts";

// Live key with SAT_CSF_URL pointed at the sandbox's copy of SAT's page (test/helpers/sandbox-connectors.ts).
const h: SandboxApp = await startTestApp(
  {},
  { sandbox: { lists: ["sandbox", "live"], postalCatalog: true }, listen: true },
);
after(() => h.close());
const tester = await h.owner({ mode: "test" });
const payer = await h.owner({ credits: 100_000 });

const byTag = (tag: string): Scenario => scenarioTagged(h, tag);
const csf = (body: unknown) => chargedCall(h, "/v1/rfc/csf", body, payer.key);
const pdfOf = async (rfc: string, query = "") => {
  const response = await fetch(`${h.sandbox.url}/csf/${encodeURIComponent(rfc)}.pdf${query}`);
  assert.equal(response.headers.get("content-type"), "application/pdf");
  return Buffer.from(await response.arrayBuffer()).toString("base64");
};

describe("POST /v1/rfc/csf by RFC + idCIF", () => {
  test("a company: SAT's record, the CFDI 4.0 name, regime 601, charged 3", async () => {
    const s = byTag("csf_company");
    const answer = await csf({ rfc: s.rfc, id_cif: s.id_cif });
    assert.equal(answer.status, 200);
    const { checked_at, address, ...body } = answer.body;
    assert.ok(!Number.isNaN(Date.parse(String(checked_at))));
    assert.deepEqual(body, {
      rfc: "EKU9003173C9",
      id_cif: s.id_cif,
      found: true,
      person_type: "M",
      name: "ESCUELA KEMPER URGATE",
      cfdi_name: "ESCUELA KEMPER URGATE",
      status: "ACTIVO",
      status_since: "1990-03-17",
      operations_start: "1990-03-17",
      zip: "86035",
      email: "facturacion@escuela-kemper-urgate.example",
      sat_office: "TABASCO 1",
      regimes: [{ code: "601", name: "General de Ley Personas Morales", since: "1990-03-17" }],
      source: "sat_csf",
    });
    assert.equal((address as Record<string, string>).state, "TABASCO");
    assert.deepEqual(answer.ledger, { net: -3, kinds: ["charge"] });
    assert.equal(answer.headers.get("x-credits-charged"), "3");
  });

  test("a person with several regimes, names with Ñ exactly as SAT writes them", async () => {
    const s = byTag("csf_several_regimes");
    const answer = await csf({ rfc: s.rfc, id_cif: s.id_cif });
    assert.equal(answer.body.found, true);
    assert.equal(answer.body.person_type, "F");
    assert.equal(answer.body.name, "ROSA ELENA CASTAÑEDA IBARRA");
    assert.equal(answer.body.cfdi_name, "ROSA ELENA CASTAÑEDA IBARRA");
    assert.equal(answer.body.first_names, "ROSA ELENA");
    assert.equal(answer.body.paternal_surname, "CASTAÑEDA");
    assert.equal(answer.body.maternal_surname, "IBARRA");
    assert.equal(answer.body.curp, s.curp);
    assert.deepEqual(
      (answer.body.regimes as { code: string }[]).map((regime) => regime.code),
      ["605", "612", "606"],
    );
  });

  test("a suspended taxpayer shows SAT's situation", async () => {
    const s = byTag("csf_suspended");
    const answer = await csf({ rfc: s.rfc, id_cif: s.id_cif });
    assert.equal(answer.body.found, true);
    assert.equal(answer.body.status, "SUSPENDIDO");
  });

  test("a pair SAT does not recognise is found: false, a definite answer, charged", async () => {
    const s = byTag("csf_invalid_pair");
    const answer = await csf({ rfc: s.rfc, id_cif: s.id_cif });
    assert.equal(answer.status, 200);
    assert.deepEqual(Object.keys(answer.body).sort(), ["checked_at", "found", "id_cif", "rfc", "source"]);
    assert.equal(answer.body.found, false);
    assert.deepEqual(answer.ledger, { net: -3, kinds: ["charge"] });
  });

  test("SAT unreachable is found: null and not charged", async () => {
    const s = byTag("csf_unavailable");
    const answer = await csf({ rfc: s.rfc, id_cif: s.id_cif });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.found, null);
    assert.deepEqual(answer.ledger, { net: 0, kinds: ["charge", "refund"] });
    assert.equal(answer.headers.get("x-credits-charged"), "0");
  });

  test("sandbox keys are free", async () => {
    const s = byTag("csf_person");
    const answer = await h.call(tester.key, "POST", "/v1/rfc/csf", { rfc: s.rfc, id_cif: s.id_cif });
    assert.equal(answer.body.found, true);
    assert.equal(answer.body.name, s.name);
    assert.equal(answer.headers.get("x-credits-charged"), "0");
    assert.deepEqual(await ledgerOf(h.database.db, answer.headers.get("x-request-id") as string), {
      net: 0,
      kinds: [],
    });
  });

  test("what is missing or malformed is a 422 naming it, never charged", async () => {
    const s = byTag("csf_company");
    const cases: [unknown, string][] = [
      [{ rfc: s.rfc }, "/id_cif"],
      [{ id_cif: s.id_cif }, "/rfc"],
      [{ rfc: s.rfc, id_cif: "12-AB" }, "/id_cif"],
      [{ rfc: s.rfc, id_cif: s.id_cif, csf_pdf: "JVBERi0=" }, "/csf_pdf"],
      [{ csf_pdf: Buffer.from("hello, not a pdf").toString("base64") }, "/csf_pdf"],
      [{ csf_pdf: "%%% not base64 %%%" }, "/csf_pdf"],
    ];
    for (const [body, path] of cases) {
      const answer = await csf(body);
      assert.equal(answer.status, 422, JSON.stringify(body));
      assert.equal(answer.body.code, "invalid_request");
      assert.ok(
        (answer.body.errors as { path: string }[]).some((e) => e.path === path),
        JSON.stringify(answer.body),
      );
      assert.deepEqual(answer.ledger, { net: 0, kinds: [] });
    }
  });
});

describe("POST /v1/rfc/csf with the Constancia's PDF", () => {
  test("RFC and idCIF are read from the PDF's text, then SAT is asked", async () => {
    const s = byTag("rfc_with_enye");
    const answer = await csf({ csf_pdf: await pdfOf(s.rfc) });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.rfc, s.rfc);
    assert.equal(answer.body.id_cif, s.id_cif);
    assert.equal(answer.body.found, true);
    assert.equal(answer.body.name, "ÑANDU ÑUÑEZ Y ASOCIADOS");
    assert.deepEqual(answer.ledger, { net: -3, kinds: ["charge"] });
  });

  test("a PDF without an idCIF (or an RFC) is a 422 that says which is missing", async () => {
    const s = byTag("csf_company");
    for (const [omit, missing] of [
      ["id_cif", "idCIF"],
      ["rfc", "RFC"],
    ]) {
      const answer = await csf({ csf_pdf: await pdfOf(s.rfc, `?omit=${omit}`) });
      assert.equal(answer.status, 422);
      assert.equal(answer.body.code, "invalid_request");
      assert.match(String(answer.body.detail), new RegExp(`has no ${missing}\\b`));
      assert.deepEqual(answer.body.errors, [
        { path: "/csf_pdf", message: `the PDF's text has no ${missing}` },
      ]);
      assert.deepEqual(answer.ledger, { net: 0, kinds: [] });
    }
  });

  test("the route takes bodies past the API's 4 MiB (a 6 MB file is read, and refused as no PDF)", async () => {
    const file = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(6 * 1024 * 1024, 32)]);
    const answer = await csf({ csf_pdf: file.toString("base64") });
    assert.equal(answer.status, 422);
    assert.deepEqual(answer.body.errors, [{ path: "/csf_pdf", message: "is not a readable PDF" }]);
  });

  test("a PDF over 10 MB is 413", async () => {
    const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(10 * 1024 * 1024 + 1, 32)]);
    const answer = await csf({ csf_pdf: big.toString("base64") });
    assert.equal(answer.status, 413);
    assert.equal(answer.body.code, "payload_too_large");
  });
});

describe("verify and validate with id_cif: SAT's CSF page decides, with the CFDI 4.0 name rule", () => {
  const VALID = "RFC válido, y susceptible de recibir facturas";
  const NAME = "El nombre, denominación o razón social no coincide con el registrado en el RFC";
  const ZIP = "El Código Postal no coincide con el registrado en el RFC";
  const padronCalls = async () => (await h.sandboxStats()).started;
  const verify = (body: Record<string, unknown>) => chargedCall(h, "/v1/rfc/verify", body, payer.key);

  test("a match, charged as a verify; the padrón is not asked", async () => {
    const s = byTag("csf_company");
    const before = await padronCalls();
    const answer = await verify({
      rfc: s.rfc,
      name: "ESCUELA KEMPER URGATE",
      zip: "86035",
      id_cif: s.id_cif,
    });
    assert.deepEqual(answer.body, { rfc: s.rfc, valid: true, message: VALID, source: "sat_csf" });
    assert.deepEqual(answer.ledger, { net: -1, kinds: ["charge"] });
    assert.equal(await padronCalls(), before);
  });

  test("a person's name with Ñ, and the RFC with id_cif alone", async () => {
    const s = byTag("csf_several_regimes");
    const named = await verify({
      rfc: s.rfc,
      name: "ROSA ELENA CASTAÑEDA IBARRA",
      zip: "01219",
      id_cif: s.id_cif,
    });
    assert.equal(named.body.valid, true);
    const alone = await verify({ rfc: s.rfc, id_cif: s.id_cif });
    assert.deepEqual(alone.body, { rfc: s.rfc, valid: true, message: VALID, source: "sat_csf" });
  });

  test("a name mismatch: SAT's rule is letter for letter, without the régimen de capital", async () => {
    const s = byTag("csf_company");
    for (const name of [
      "ESCUELA KEMPER URGATE.",
      "Escuela Kemper Urgate",
      "ESCUELA KEMPER URGATE SA DE CV",
      "ESCUELA  KEMPER URGATE",
    ]) {
      const answer = await verify({ rfc: s.rfc, name, zip: "86035", id_cif: s.id_cif });
      assert.deepEqual(answer.body, { rfc: s.rfc, valid: false, message: NAME, source: "sat_csf" }, name);
      assert.deepEqual(answer.ledger, { net: -1, kinds: ["charge"] });
    }
  });

  test("a postal-code mismatch", async () => {
    const s = byTag("csf_company");
    const answer = await verify({
      rfc: s.rfc,
      name: "ESCUELA KEMPER URGATE",
      zip: "86036",
      id_cif: s.id_cif,
    });
    assert.deepEqual(answer.body, { rfc: s.rfc, valid: false, message: ZIP, source: "sat_csf" });
    assert.deepEqual(answer.ledger, { net: -1, kinds: ["charge"] });
  });

  test("an invalid pair is a definite false, in SAT's words, charged", async () => {
    const s = byTag("csf_invalid_pair");
    const answer = await verify({
      rfc: s.rfc,
      name: "ESCUELA KEMPER URGATE",
      zip: "86035",
      id_cif: s.id_cif,
    });
    assert.equal(answer.body.valid, false);
    assert.match(
      String(answer.body.message),
      /^No se encontró información de la cédula de identificación fiscal/,
    );
    assert.equal(answer.body.source, "sat_csf");
    assert.deepEqual(answer.ledger, { net: -1, kinds: ["charge"] });
  });

  test("SAT unreachable: valid null, not charged", async () => {
    const s = byTag("csf_unavailable");
    const answer = await verify({ rfc: s.rfc, name: s.name, zip: s.zip, id_cif: s.id_cif });
    assert.equal(answer.body.valid, null);
    assert.equal(answer.body.source, "sat_csf");
    assert.deepEqual(answer.ledger, { net: 0, kinds: ["charge", "refund"] });
    assert.equal(answer.headers.get("x-credits-charged"), "0");
  });

  test("validate: SAT's name and registered postal code from the page; a wrong name names the registered one", async () => {
    const s = byTag("csf_company");
    const before = await padronCalls();
    const match = await chargedCall(
      h,
      "/v1/rfc/validate",
      {
        rfc: s.rfc,
        name: "ESCUELA KEMPER URGATE",
        id_cif: s.id_cif,
      },
      payer.key,
    );
    assert.equal(match.body.valid, true);
    assert.equal(match.body.message, VALID);
    assert.equal(match.body.name, "ESCUELA KEMPER URGATE");
    assert.equal(match.body.cfdi_name, "ESCUELA KEMPER URGATE");
    assert.equal(match.body.zip, "86035");
    assert.equal(match.body.source, "sat_csf");
    assert.deepEqual(match.body.unavailable, []);
    assert.deepEqual(match.ledger, { net: -10, kinds: ["charge"] });
    const wrong = await chargedCall(
      h,
      "/v1/rfc/validate",
      {
        rfc: s.rfc,
        name: "ESCUELA KEMPER",
        id_cif: s.id_cif,
      },
      payer.key,
    );
    assert.equal(wrong.body.valid, false);
    assert.equal(wrong.body.message, `${NAME}. Nombre registrado: ESCUELA KEMPER URGATE`);
    assert.equal(wrong.body.zip, undefined);
    assert.equal(await padronCalls(), before);
    const down = byTag("csf_unavailable");
    const unknown = await chargedCall(
      h,
      "/v1/rfc/validate",
      { rfc: down.rfc, id_cif: down.id_cif },
      payer.key,
    );
    assert.equal(unknown.body.valid, null);
    assert.deepEqual(unknown.body.unavailable, ["status"]);
    assert.deepEqual(unknown.ledger, { net: 0, kinds: ["charge", "refund"] });
  });

  test("a malformed id_cif is a 422 before any charge", async () => {
    const s = byTag("csf_company");
    const answer = await verify({ rfc: s.rfc, id_cif: "no digits" });
    assert.equal(answer.status, 422);
    assert.deepEqual(answer.body.errors, [{ path: "/id_cif", message: "must be the idCIF's digits" }]);
    assert.deepEqual(answer.ledger, { net: 0, kinds: [] });
  });
});
