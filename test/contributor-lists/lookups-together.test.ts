import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ingestListFile } from "../../src/contributor-lists/ingest-list-file.ts";
import type { IngestRequest, ListMode } from "../../src/contributor-lists/list-store-types.ts";
import { lookupSatLists, type SatListsAnswer } from "../../src/contributor-lists/lookup-sat-lists.ts";
import { writeListFile } from "../../src/sandbox/formats/list-files.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { inChunks } from "./list-file-helpers.ts";
import { art69Rows } from "./list-server.ts";

function request(mode: ListMode, fileName: string): IngestRequest {
  return {
    mode,
    fileName,
    provenance: { sourceUrl: `test:${fileName}`, etag: null, lastModified: null, expectedBytes: null },
    minRowRatio: 0,
  };
}

// Many lookups at once, across lists and modes: each must get exactly the answer it would get alone.
describe("lookups asked together", () => {
  let database: TestDatabase;
  const firmes = art69Rows(150, { name: "FIRME" });
  const cancelados = art69Rows(40, { name: "CANCELADA", supuesto: "CANCELADOS" });
  const sandboxOnly = art69Rows(10, { prefix: "SBX", name: "PRUEBA" });
  before(async () => {
    database = await freshDatabase();
    const load = (mode: ListMode, fileName: string, rows: typeof firmes) =>
      ingestListFile(
        database.db,
        inChunks(writeListFile(fileName, rows, { contentDate: new Date("2026-08-07T00:00:00Z") }), 8192),
        request(mode, fileName),
      );
    await load("live", "Firmes.csv", firmes);
    await load("live", "Cancelados.csv", cancelados);
    await load("sandbox", "Firmes.csv", sandboxOnly);
  });
  after(() => database.close());

  it("get the answers they would get one at a time: chunks, duplicates, unlisted RFCs and both modes", async () => {
    const asks: { mode: ListMode; rfc: string }[] = [
      ...firmes.map((row) => ({ mode: "live" as const, rfc: row.rfc })),
      ...cancelados.map((row) => ({ mode: "live" as const, rfc: row.rfc })),
      ...sandboxOnly.map((row) => ({ mode: "sandbox" as const, rfc: row.rfc })),
      ...sandboxOnly.map((row) => ({ mode: "live" as const, rfc: row.rfc })),
      { mode: "live", rfc: "ZZZ010101ZZ9" },
      { mode: "sandbox", rfc: firmes[0].rfc },
    ];
    const alone: SatListsAnswer[] = [];
    for (const ask of asks) alone.push(await lookupSatLists(database.db, ask.mode, ask.rfc));
    const together = await Promise.all(asks.map((ask) => lookupSatLists(database.db, ask.mode, ask.rfc)));
    assert.deepEqual(together, alone);

    const both = together[0];
    assert.deepEqual(
      both.sat_lists?.map((entry) => [entry.sub_list, entry.name]),
      [
        ["firmes", "FIRME 0, SA DE CV"],
        ["cancelados", "CANCELADA 0, SA DE CV"],
      ],
    );
    assert.equal(together[60].sat_lists?.[0].name, "FIRME 60, SA DE CV");
    assert.equal(together[45].sat_lists?.length, 1, "a firmes RFC past the cancelados rows: one list");
    assert.equal(together[160].sat_lists?.length, 2, "asked again through the cancelados rows: both lists");
    assert.equal(together[190].sat_lists?.[0].name, "PRUEBA 0, SA DE CV");
    // Only some lists are loaded here: an RFC in none of them is unknown (null), not "in no list".
    assert.equal(together[200].sat_lists, null, "a sandbox-only RFC is not on the live lists");
    assert.equal(together.at(-2)?.sat_lists, null);
    assert.equal(together.at(-1)?.sat_lists, null, "a live-only RFC is not on the sandbox lists");
    assert.equal(together[0].missing_lists.length, 7, "live has firmes and cancelados of the nine");
    assert.equal(together.at(-1)?.missing_lists.length, 8, "sandbox has firmes only");
  });

  it("each caller gets its own list of entries", async () => {
    const [first, second] = await Promise.all([
      lookupSatLists(database.db, "live", firmes[100].rfc),
      lookupSatLists(database.db, "live", firmes[100].rfc),
    ]);
    first.sat_lists?.pop();
    first.missing_lists.pop();
    assert.equal(second.sat_lists?.length, 1);
    assert.equal(second.missing_lists.length, 7);
  });
});
