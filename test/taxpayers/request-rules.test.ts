import assert from "node:assert/strict";
import { after, test } from "node:test";
import { readName } from "../../src/rfc-operations/read-rfc.ts";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { ledgerOf } from "./support/ledger.ts";

// DESIGN §3.1–3.2: request rules, checked before any charge or upstream call.
const h: SandboxApp = await startTestApp({}, { sandbox: { lists: ["sandbox", "live"] }, listen: true });
after(() => h.close());
const tester = await h.owner({ mode: "test" });
const payer = await h.owner({ credits: 100_000 });

async function rejected(path: string, body: unknown, code: string) {
  const answer = await h.call(payer.key, "POST", path, body);
  assert.equal(answer.status, 422, JSON.stringify(answer.body));
  assert.equal(answer.body.code, code);
  const ledger = await ledgerOf(h.database.db, answer.headers.get("x-request-id") as string);
  assert.deepEqual(ledger.kinds, [], "a rejected request is not charged");
  return answer;
}

test("a structurally invalid RFC is 422 invalid_rfc on every operation, not charged", async () => {
  for (const path of ["validate", "verify", "find-zip", "profile", "commerce-registry"]) {
    for (const rfc of ["ABC123", "AAA011301AAA", "AAAA0101011AAB", "A1A010101AAA", "AAA010230AAA"]) {
      await rejected(`/v1/rfc/${path}`, { rfc, name: path === "find-zip" ? "X" : undefined }, "invalid_rfc");
    }
  }
});

test("the RFC is trimmed, upper-cased and stripped of inner spaces and hyphens; a bad check digit passes", async () => {
  const answer = await h.call(tester.key, "POST", "/v1/rfc/verify", { rfc: "  aaa-010101 aaa " });
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.body, {
    rfc: "AAA010101AAA",
    valid: false,
    message: "RFC no registrado en el padrón de contribuyentes",
  });
});

test("Ñ and & RFCs are accepted in any case", async () => {
  const answer = await h.call(tester.key, "POST", "/v1/rfc/verify", { rfc: "ñña140114kb1" });
  assert.equal(answer.status, 200);
  assert.equal(answer.body.rfc, "ÑÑA140114KB1");
  assert.equal(answer.body.valid, true);
});

test("an RFC and a name sent in Unicode NFD (N + U+0303, E + U+0301) are read as NFC before any rule", async () => {
  const nfd = (text: string) => text.normalize("NFD");
  assert.notEqual(nfd("ÑÑA140114KB1"), "ÑÑA140114KB1");
  const answer = await h.call(tester.key, "POST", "/v1/rfc/verify", {
    rfc: nfd("ñña-140114 kb1"),
    name: nfd("ÑANDU ÑUÑEZ Y ASOCIADOS"),
    zip: "86000",
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.equal(answer.body.rfc, "ÑÑA140114KB1");
  assert.equal(answer.body.valid, true);
  const lists = await h.call(tester.key, "POST", "/v1/rfc/sat-lists", { rfc: nfd("ÑÑA140114KB1") });
  assert.equal(lists.status, 200);
  assert.equal(lists.body.rfc, "ÑÑA140114KB1");
  assert.equal((lists.body.sat_lists as unknown[]).length, 1);
  assert.equal(readName(nfd("  JOSÉ   PEÑA ")), "JOSÉ   PEÑA");
  assert.equal(readName("JOSÉ\tPEÑA\r\n"), "JOSÉ PEÑA");
});

test("the name and RFC length bounds hold on the NFC form: the same text in NFD is not refused", async () => {
  const name = `ÉÁÍÓÚÑÉÁÍÓ${"X".repeat(240)}`;
  assert.equal([...name.normalize("NFD")].length, 260);
  for (const path of ["verify", "find-zip", "validate"]) {
    const body = (form: "NFC" | "NFD") => ({
      rfc: "EKU9003173C9",
      name: name.normalize(form),
      ...(path === "verify" ? { zip: "86035" } : {}),
    });
    const nfc = await h.call(tester.key, "POST", `/v1/rfc/${path}`, body("NFC"));
    assert.equal(nfc.status, 200, JSON.stringify(nfc.body));
    const nfd = await h.call(tester.key, "POST", `/v1/rfc/${path}`, body("NFD"));
    assert.equal(nfd.status, 200, JSON.stringify(nfd.body));
    assert.deepEqual(nfd.body, nfc.body);
  }
  const rfc = "ñña - 140114 - kb1  ";
  assert.equal(rfc.length, 20);
  const spelled = await h.call(tester.key, "POST", "/v1/rfc/verify", { rfc: rfc.normalize("NFD") });
  assert.equal(spelled.status, 200, JSON.stringify(spelled.body));
  assert.equal(spelled.body.rfc, "ÑÑA140114KB1");
  const long = await rejected(
    "/v1/rfc/verify",
    { rfc: "EKU9003173C9", name: "É".repeat(255), zip: "86035" },
    "invalid_request",
  );
  assert.deepEqual(long.body.errors, [{ path: "/name", message: "must NOT have more than 254 characters" }]);
  const batch = (records: unknown[]) => ({ records, webhook_url: `${h.base}/nowhere` });
  const record = { rfc: "EKU9003173C9", zip: "86035" };
  const nfdBatch = await h.call(
    tester.key,
    "POST",
    "/v1/rfc/verify-batch",
    batch([{ ...record, name: name.normalize("NFD") }]),
  );
  assert.equal(nfdBatch.status, 202, JSON.stringify(nfdBatch.body));
  const longBatch = await rejected(
    "/v1/rfc/verify-batch",
    batch([record, { ...record, name: "É".repeat(255) }].map((r) => ({ name: "X", ...r }))),
    "invalid_request",
  );
  assert.deepEqual(longBatch.body.errors, [
    { path: "/records/1/name", message: "must NOT have more than 254 characters" },
  ]);
});

test("verify with only one of name and zip is 422 name_zip_pair_required", async () => {
  await rejected(
    "/v1/rfc/verify",
    { rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE" },
    "name_zip_pair_required",
  );
  await rejected("/v1/rfc/verify", { rfc: "EKU9003173C9", zip: "86035" }, "name_zip_pair_required");
  await rejected(
    "/v1/rfc/verify",
    { rfc: "EKU9003173C9", name: "   ", zip: "86035" },
    "name_zip_pair_required",
  );
});

test("commerce-registry with an individual's RFC is 422 company_rfc_required", async () => {
  await rejected("/v1/rfc/commerce-registry", { rfc: "HELG850709C22" }, "company_rfc_required");
});

test("unknown, missing, mistyped and too long fields are 422 invalid_request", async () => {
  await rejected("/v1/rfc/validate", { rfc: "EKU9003173C9", extra: 1 }, "invalid_request");
  await rejected("/v1/rfc/validate", {}, "invalid_request");
  await rejected("/v1/rfc/profile", { rfc: 12 }, "invalid_request");
  await rejected("/v1/rfc/find-zip", { rfc: "EKU9003173C9" }, "invalid_request");
  await rejected("/v1/rfc/find-zip", { rfc: "EKU9003173C9", name: "  " }, "invalid_request");
  await rejected("/v1/rfc/validate", { rfc: "EKU9003173C9", name: "A".repeat(255) }, "invalid_request");
  await rejected("/v1/rfc/verify", { rfc: "E".repeat(21) }, "invalid_request");
});

test("a body that is not JSON is refused before any work", async () => {
  const response = await fetch(`${h.base}/v1/rfc/validate`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-api-key": payer.key },
    body: "rfc=EKU9003173C9",
  });
  assert.equal(response.status, 415);
});

test('a name with "|" is 422 on every operation that takes one: CFDI 4.0 names carry none', async () => {
  const rfc = "EKU9003173C9";
  for (const [path, body] of [
    ["validate", { rfc, name: "ESCUELA|KEMPER URGATE" }],
    ["verify", { rfc, name: "ESCUELA KEMPER URGATE|", zip: "86035" }],
    ["find-zip", { rfc, name: "ESCUELA|KEMPER URGATE" }],
    [
      "verify-batch",
      { records: [{ rfc, name: "ESCUELA|KEMPER URGATE", zip: "86035" }], webhook_url: "http://127.0.0.1:9/" },
    ],
  ] as const) {
    const answer = await rejected(`/v1/rfc/${path}`, body, "invalid_request");
    assert.deepEqual(
      answer.body.errors.map((error: { path: string }) => error.path),
      [path === "verify-batch" ? "/records/0/name" : "/name"],
    );
  }
});
