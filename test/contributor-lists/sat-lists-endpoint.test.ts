import assert from "node:assert/strict";
import { createReadStream } from "node:fs";
import { after, before, describe, it } from "node:test";
import { syncedListFiles } from "../../src/contributor-lists/catalog.ts";
import { ingestListFile } from "../../src/contributor-lists/ingest-list-file.ts";
import type { ListMode } from "../../src/contributor-lists/list-store-types.ts";
import { lookupSatLists } from "../../src/contributor-lists/lookup-sat-lists.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";

const LISTS = "test/fixtures/lists";

async function importFixture(app: TestApp, name: string, mode: ListMode = "live") {
  return ingestListFile(app.database.db, createReadStream(`${LISTS}/${name}`), {
    mode,
    fileName: name,
    provenance: { sourceUrl: `file:${name}`, etag: null, lastModified: null, expectedBytes: null },
    minRowRatio: 0.5,
  });
}

describe("POST /v1/rfc/sat-lists on the fixture files", () => {
  let app: TestApp;
  let key: string;
  let ownerId: string;
  before(async () => {
    app = await startTestApp();
    ({ key, ownerId } = await mintOwner(app.database.db, { credits: 100 }));
    const art69 = await importFixture(app, "art69_sample.csv");
    assert.equal(art69.status, "replaced");
    assert.equal(art69.rows, 3);
    const bis = await importFixture(app, "69b_bis_split_row.csv");
    assert.equal(bis.status, "replaced");
    assert.equal(bis.rows, 3);
    assert.equal(bis.contentDate, "2026-03-12");
  });
  after(() => app.close());

  const ask = (rfc: string, apiKey = key) =>
    app.app.inject({
      method: "POST",
      url: "/v1/rfc/sat-lists",
      headers: { "x-api-key": apiKey },
      payload: { rfc },
    });

  it("art69_sample.csv: each entry answers with its article, sub-list, situation, name, person type, state", async () => {
    const firmes = await ask("AAG090703QT6");
    assert.equal(firmes.statusCode, 200);
    assert.deepEqual(firmes.json().sat_lists, [
      {
        article: "69",
        sub_list: "firmes",
        situation: "FIRMES",
        name: "APLICA AGUASCALIENTES SA DE CV",
        person_type: "M",
        state: "CIUDAD DE MEXICO",
      },
    ]);
    const noLocalizado = await ask("aaaa-730727 je3");
    assert.equal(noLocalizado.json().rfc, "AAAA730727JE3");
    assert.deepEqual(noLocalizado.json().sat_lists, [
      {
        article: "69",
        sub_list: "no localizados",
        situation: "NO LOCALIZADOS",
        name: "ALTAMIRANO ABENDAÑO ALEJANDRO",
        person_type: "F",
        state: "JALISCO",
      },
    ]);
  });

  // BBB020202BBB ends in "B" (DESIGN §3.1 wants a digit or "A"): the endpoint refuses it before any
  // lookup, so its entries are asserted through the app's lists reader, the verb behind the endpoint.
  it("BBB020202BBB (both files): 422 from the endpoint; one entry per file from the lookup", async () => {
    const refused = await ask("BBB020202BBB");
    assert.equal(refused.statusCode, 422);
    assert.equal(refused.json().code, "invalid_rfc");
    const both = await lookupSatLists(app.database.db, "live", "BBB020202BBB");
    assert.deepEqual(both.sat_lists, [
      {
        article: "69",
        sub_list: "firmes",
        situation: "",
        name: "EMPRESA SIN SUPUESTO SA DE CV",
        person_type: "M",
        state: "NUEVO LEON",
      },
      {
        article: "69-B Bis",
        sub_list: "sentencias favorables",
        situation: "Sentencia Favorable",
        name: "TERCERA EMPRESA",
        person_type: "M",
        state: "",
      },
    ]);
  });

  it("69b_bis_split_row.csv: every entry, including the name split over two lines", async () => {
    const first = await ask("AAA010101AAA");
    assert.deepEqual(first.json().sat_lists, [
      {
        article: "69-B Bis",
        sub_list: "definitivos",
        situation: "Definitivo",
        name: "PRIMERA EMPRESA",
        person_type: "M",
        state: "",
      },
    ]);
    const split = await ask("CPH061010RB7");
    assert.deepEqual(split.json().sat_lists, [
      {
        article: "69-B Bis",
        sub_list: "definitivos",
        situation: "Definitivo",
        name: "CONSTRUCTORA DE PROYECTOS HIDROELECTRICOS, S.A. DE C.V.",
        person_type: "M",
        state: "",
      },
    ]);
  });

  it("data_as_of is the newest date of the lists consulted; an unlisted RFC is unknown while lists are missing", async () => {
    const none = await ask("ZZZ010101ZZ9");
    assert.equal(none.statusCode, 200);
    assert.equal(none.json().sat_lists, null, "two hand-imported files are not every list");
    assert.equal(none.headers["x-credits-charged"], "0");
    const art69FetchedAt = await app.database.db
      .selectFrom("list_versions")
      .select("fetched_at")
      .where("list_key", "=", "69/por-supuesto")
      .executeTakeFirstOrThrow();
    // art69_sample has no content date, so its fetch time (today) is newer than 69-B Bis's 2026-03-12.
    const expected = Math.max(art69FetchedAt.fetched_at, Date.parse("2026-03-12T00:00:00Z"));
    assert.equal(none.json().data_as_of, new Date(expected).toISOString());
  });

  it("charges 1 credit per call and says so in the headers", async () => {
    const response = await ask("AAG090703QT6");
    assert.equal(response.headers["x-credits-charged"], "1");
    const balance = await app.database.db
      .selectFrom("balances")
      .select("credits")
      .where("owner_id", "=", ownerId)
      .executeTakeFirstOrThrow();
    assert.equal(response.headers["x-credits-remaining"], String(balance.credits));
  });

  it("a sandbox key sees only the sandbox lists (none loaded here) and is not charged", async () => {
    const sandboxOwner = await mintOwner(app.database.db, { credits: 5, mode: "test" });
    const response = await ask("AAG090703QT6", sandboxOwner.key);
    assert.equal(response.statusCode, 200);
    const { message, missing_lists, ...rest } = response.json();
    assert.deepEqual(rest, { rfc: "AAG090703QT6", sat_lists: null, data_as_of: null });
    assert.equal(missing_lists.length, syncedListFiles().length);
    assert.match(message, /no están cargadas/);
    assert.equal(response.headers["x-credits-charged"], "0");
  });

  it("a structurally invalid RFC is 422 invalid_rfc and not charged", async () => {
    const owner = await mintOwner(app.database.db, { credits: 3 });
    for (const rfc of ["AAG0907", "AAG991331QT6", "123090703QT6", ""]) {
      const response = await ask(rfc, owner.key);
      assert.equal(response.statusCode, 422, rfc);
      assert.equal(response.json().code, "invalid_rfc", rfc);
    }
    const ledger = await app.database.db
      .selectFrom("ledger")
      .select("kind")
      .where("owner_id", "=", owner.ownerId)
      .where("kind", "=", "charge")
      .execute();
    assert.equal(ledger.length, 0);
  });

  it("unknown fields and over-long RFCs are 422 invalid_request", async () => {
    const extra = await app.app.inject({
      method: "POST",
      url: "/v1/rfc/sat-lists",
      headers: { "x-api-key": key },
      payload: { rfc: "AAG090703QT6", other: 1 },
    });
    assert.equal(extra.statusCode, 422);
    assert.equal(extra.json().code, "invalid_request");
    const long = await ask("A".repeat(65));
    assert.equal(long.statusCode, 422);
    assert.equal(long.json().code, "invalid_request");
  });

  it("without credits: 402 insufficient_balance", async () => {
    const broke = await mintOwner(app.database.db, { credits: 0 });
    const response = await ask("AAG090703QT6", broke.key);
    assert.equal(response.statusCode, 402);
    assert.equal(response.json().code, "insufficient_balance");
  });
});
