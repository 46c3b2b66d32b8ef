import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { syncedListFiles } from "../../src/contributor-lists/catalog.ts";
import { syncLists } from "../../src/contributor-lists/sync-lists.ts";
import type { Scenario } from "../../src/sandbox/scenario-expectations.ts";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { chargedCall, scenarioTagged } from "./support/ledger.ts";

// Issue 22 item 1: a local source with no data (contributor lists, postal-code catalog) is "unknown",
// never a clean answer. Live keys here start with no lists and no postal catalog; sandbox keys have both.
const h: SandboxApp = await startTestApp({}, { sandbox: { lists: ["sandbox"] }, listen: true });
after(() => h.close());
const tester = await h.owner({ mode: "test" });
const payer = await h.owner({ credits: 100_000 });

const byTag = (tag: string): Scenario => scenarioTagged(h, tag);
const kemper = () => byTag("registered_company");
const exigible = () => byTag("list_69_exigibles");
const severalLists = () => byTag("several_lists");

const call = (path: string, body: unknown, key = payer.key) => chargedCall(h, path, body, key);

const subListsOf = (body: Record<string, unknown>) =>
  (body.sat_lists as { sub_list: string }[] | null)?.map((entry) => entry.sub_list);

const loadLiveLists = (fileNames?: string[]) =>
  syncLists(h.database.db, {
    mode: "live",
    baseUrl: h.sandbox.url,
    minRowRatio: 0.5,
    timeoutMs: 30_000,
    retries: 1,
    files: fileNames && syncedListFiles().filter((file) => fileNames.includes(file.fileName)),
  });

describe("no contributor list loaded for the key's mode", () => {
  test("sat-lists answers sat_lists: null with a message, charges nothing, needs no balance", async () => {
    const answer = await call("/v1/rfc/sat-lists", { rfc: kemper().rfc });
    assert.equal(answer.status, 200);
    const { message, ...rest } = answer.body;
    assert.deepEqual(rest, {
      rfc: kemper().rfc,
      sat_lists: null,
      data_as_of: null,
      missing_lists: syncedListFiles().map((file) => file.key),
    });
    assert.match(String(message), /no están cargadas; el resultado es desconocido/);
    assert.equal(answer.headers.get("x-credits-charged"), "0");
    assert.deepEqual(answer.ledger, { net: 0, kinds: [] });
    const broke = await mintOwner(h.database.db, { credits: 0 });
    const free = await call("/v1/rfc/sat-lists", { rfc: kemper().rfc }, broke.key);
    assert.equal(free.status, 200, "an answer that is not charged needs no balance");
    assert.equal(free.body.sat_lists, null);
  });

  test("validate says sat_lists: null and names the lists (and the postal code) unavailable; half price", async () => {
    const answer = await call("/v1/rfc/validate", { rfc: kemper().rfc });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.valid, true);
    assert.equal(answer.body.sat_lists, null);
    assert.equal(answer.body.zip, undefined, "no live postal catalog: the code cannot be recovered");
    assert.deepEqual(answer.body.unavailable, ["zip", "sat_lists"]);
    assert.deepEqual(answer.ledger, { net: -5, kinds: ["charge", "refund"] });
    assert.equal(answer.headers.get("x-credits-charged"), "5");
  });

  test("a sandbox key, whose lists and catalog are loaded, gets [] and every step answered", async () => {
    const answer = await h.call(tester.key, "POST", "/v1/rfc/validate", { rfc: kemper().rfc });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.sat_lists, []);
    assert.deepEqual(answer.body.unavailable, []);
    assert.equal(answer.body.zip, kemper().zip);
  });

  test("find-zip with no postal catalog for the key's mode: valid null, nothing charged", async () => {
    const answer = await call("/v1/rfc/find-zip", { rfc: kemper().rfc, name: kemper().name });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, {
      rfc: kemper().rfc,
      valid: null,
      message:
        "El catálogo de códigos postales no está disponible; el resultado es desconocido, intente más tarde.",
    });
    assert.deepEqual(answer.ledger, { net: 0, kinds: ["charge", "refund"] });
    assert.equal(answer.headers.get("x-credits-charged"), "0");
  });
});

describe("only some lists loaded", () => {
  test("an RFC found is answered and charged, naming the missing lists; one found in none is unknown", async () => {
    const results = await loadLiveLists(["Firmes.csv", "Listado_completo_69-B.csv"]);
    assert.deepEqual(
      results.map((result) => result.status),
      ["replaced", "replaced"],
    );
    const missing = syncedListFiles()
      .map((file) => file.key)
      .filter((key) => key !== "69/firmes" && key !== "69-B/completo");

    const listed = await call("/v1/rfc/sat-lists", { rfc: severalLists().rfc });
    assert.deepEqual(subListsOf(listed.body), ["firmes", "definitivos"]);
    assert.deepEqual(listed.body.missing_lists, missing);
    assert.match(String(listed.body.message), /^Faltan listas del SAT por cargar \(69\/no-localizados, /);
    assert.deepEqual(listed.ledger, { net: -1, kinds: ["charge"] });

    // Listed in Exigibles, which is not loaded: "in no list" would be a false clean answer.
    const unknown = await call("/v1/rfc/sat-lists", { rfc: exigible().rfc });
    assert.equal(unknown.body.sat_lists, null);
    assert.deepEqual(unknown.body.missing_lists, missing);
    assert.match(
      String(unknown.body.message),
      /el RFC no aparece en las cargadas, pero el resultado es desconocido/,
    );
    assert.deepEqual(unknown.ledger, { net: 0, kinds: [] });

    const validated = await call("/v1/rfc/validate", { rfc: exigible().rfc });
    assert.equal(validated.body.sat_lists, null);
    assert.ok((validated.body.unavailable as string[]).includes("sat_lists"));
  });

  test("validate keeps the entries it found, names sat_lists unavailable and the missing lists; half price", async () => {
    const answer = await call("/v1/rfc/validate", { rfc: severalLists().rfc });
    assert.equal(answer.body.valid, true);
    assert.deepEqual(subListsOf(answer.body), ["firmes", "definitivos"]);
    assert.deepEqual(answer.body.unavailable, ["zip", "sat_lists"], "no live postal catalog here either");
    assert.equal((answer.body.missing_lists as string[]).length, syncedListFiles().length - 2);
    assert.deepEqual(answer.ledger, { net: -5, kinds: ["charge", "refund"] });
  });

  test("every list loaded: an RFC in none is [] and charged, with no message", async () => {
    const results = await loadLiveLists();
    assert.ok(results.every((result) => ["replaced", "not_modified"].includes(result.status)));
    const clean = await call("/v1/rfc/sat-lists", { rfc: kemper().rfc });
    assert.deepEqual(Object.keys(clean.body).sort(), ["data_as_of", "rfc", "sat_lists"]);
    assert.deepEqual(clean.body.sat_lists, []);
    assert.deepEqual(clean.ledger, { net: -1, kinds: ["charge"] });
    const listed = await call("/v1/rfc/sat-lists", { rfc: exigible().rfc });
    assert.deepEqual(subListsOf(listed.body), ["exigibles"]);
  });
});
