import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ingestListFile } from "../../src/contributor-lists/ingest-list-file.ts";
import type { IngestRequest } from "../../src/contributor-lists/list-store-types.ts";
import { ListDownloadError } from "../../src/contributor-lists/list-store-types.ts";
import { lookupSatLists } from "../../src/contributor-lists/lookup-sat-lists.ts";
import { readListStatus } from "../../src/contributor-lists/read-list-status.ts";
import { type ListRow, writeListFile } from "../../src/sandbox/formats/list-files.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { inChunks } from "./list-file-helpers.ts";
import { art69Rows } from "./list-server.ts";

const CONTENT_DATE = new Date("2026-05-31T00:00:00Z");

function request(fileName: string, extra: Partial<IngestRequest> = {}): IngestRequest {
  return {
    mode: "live",
    fileName,
    provenance: { sourceUrl: `test:${fileName}`, etag: null, lastModified: null, expectedBytes: null },
    minRowRatio: 0.5,
    ...extra,
  };
}

async function* failingAfter(bytes: Buffer, cut: number): AsyncGenerator<Uint8Array> {
  yield* inChunks(bytes.subarray(0, cut), 4096);
  throw new Error("socket hang up");
}

function efos(count: number, name: string): ListRow[] {
  return art69Rows(count, { prefix: "EFO" }).map((row, index) => ({
    rfc: row.rfc,
    name: `${name} ${index}`,
    situation: index % 2 === 0 ? "Definitivo" : "Presunto",
  }));
}

describe("ingestListFile", () => {
  let database: TestDatabase;
  const firmes = writeListFile("Firmes.csv", art69Rows(300, { name: "VIEJA" }), {
    contentDate: CONTENT_DATE,
  });
  const firstRfc = art69Rows(1)[0].rfc;
  before(async () => {
    database = await freshDatabase();
    const result = await ingestListFile(database.db, inChunks(firmes, 4096), request("Firmes.csv"));
    assert.equal(result.status, "replaced");
  });
  after(() => database.close());

  const versions = async () =>
    (await database.db.selectFrom("list_versions").select(["list_key", "status"]).execute()).map((v) => ({
      ...v,
    }));
  const nameOfFirst = async () => (await lookupSatLists(database.db, "live", firstRfc)).sat_lists?.[0]?.name;

  it("a body shorter than its Content-Length is a truncated download: nothing replaced, nothing left", async () => {
    const next = writeListFile("Firmes.csv", art69Rows(300, { name: "NUEVA" }), {
      contentDate: CONTENT_DATE,
    });
    await assert.rejects(
      ingestListFile(
        database.db,
        inChunks(next.subarray(0, next.length - 10), 4096),
        request("Firmes.csv", {
          provenance: { sourceUrl: "x", etag: null, lastModified: null, expectedBytes: next.length },
        }),
      ),
      (error) => error instanceof ListDownloadError && /truncated/.test(error.message),
    );
    assert.equal(await nameOfFirst(), "VIEJA 0, SA DE CV");
    assert.deepEqual(await versions(), [{ list_key: "69/firmes", status: "current" }]);
  });

  it("a source that fails midway: the current version stays, the partial one is deleted", async () => {
    const next = writeListFile("Firmes.csv", art69Rows(3000, { name: "NUEVA" }), {
      contentDate: CONTENT_DATE,
    });
    await assert.rejects(
      ingestListFile(database.db, failingAfter(next, next.length / 2), request("Firmes.csv")),
    );
    assert.equal(await nameOfFirst(), "VIEJA 0, SA DE CV");
    assert.deepEqual(await versions(), [{ list_key: "69/firmes", status: "current" }]);
    const entries = await database.db.selectFrom("list_entries").select("rfc").execute();
    assert.equal(entries.length, 300);
  });

  it("the same bytes again are 'unchanged' and keep the version", async () => {
    const firmesStatus = async () =>
      (await readListStatus(database.db, "live")).find((status) => status.list === "69/firmes");
    const before = await firmesStatus();
    const result = await ingestListFile(database.db, inChunks(firmes, 999), request("Firmes.csv"));
    assert.equal(result.status, "unchanged");
    const after = await firmesStatus();
    assert.ok(before?.loaded && after?.loaded);
    assert.equal(after.fetched_at, before.fetched_at);
    assert.equal(after.sha256, result.sha256);
  });

  it("far fewer rows are refused unless forced", async () => {
    const short = writeListFile("Firmes.csv", art69Rows(100, { name: "CORTA" }), {
      contentDate: CONTENT_DATE,
    });
    const refused = await ingestListFile(database.db, inChunks(short, 4096), request("Firmes.csv"));
    assert.equal(refused.status, "rejected");
    assert.equal(await nameOfFirst(), "VIEJA 0, SA DE CV");
    const forced = await ingestListFile(
      database.db,
      inChunks(short, 4096),
      request("Firmes.csv", { force: true }),
    );
    assert.equal(forced.status, "replaced");
    assert.equal(await nameOfFirst(), "CORTA 0, SA DE CV");
    assert.deepEqual(await versions(), [{ list_key: "69/firmes", status: "current" }]);
  });

  it("a file that is not the list the caller asked for is refused before anything is stored", async () => {
    await assert.rejects(
      ingestListFile(
        database.db,
        inChunks(firmes, 4096),
        request("Firmes.csv", { expectedListKey: "69/exigibles" }),
      ),
      /expected list 69\/exigibles/,
    );
    assert.equal((await versions()).length, 1);
  });

  it("69-B per-situation files: kept alone, superseded by the complete file, refused once it is loaded", async () => {
    const definitivos = writeListFile("Definitivos.csv", efos(10, "SUELTO"), { contentDate: CONTENT_DATE });
    const alone = await ingestListFile(database.db, inChunks(definitivos, 4096), request("Definitivos.csv"));
    assert.equal(alone.status, "replaced");
    const rfc = art69Rows(1, { prefix: "EFO" })[0].rfc;
    assert.equal((await lookupSatLists(database.db, "live", rfc)).sat_lists?.[0].name, "SUELTO 0");
    const complete = writeListFile("Listado_completo_69-B.csv", efos(40, "COMPLETO"), {
      contentDate: CONTENT_DATE,
    });
    await ingestListFile(database.db, inChunks(complete, 4096), request("Listado_completo_69-B.csv"));
    const listed = await lookupSatLists(database.db, "live", rfc);
    assert.deepEqual(
      listed.sat_lists?.map((e) => [e.article, e.sub_list, e.name]),
      [["69-B", "definitivos", "COMPLETO 0"]],
      "one entry: the subset file no longer counts",
    );
    const again = await ingestListFile(database.db, inChunks(definitivos, 4096), request("Definitivos.csv"));
    assert.equal(again.status, "rejected");
    assert.match(again.reason ?? "", /Listado_completo_69-B\.csv/);
    assert.deepEqual((await versions()).map((v) => v.list_key).sort(), ["69-B/completo", "69/firmes"]);
    const pointers = await database.db.selectFrom("list_current").select("list_key").execute();
    assert.deepEqual(pointers.map((p) => p.list_key).sort(), ["69-B/completo", "69/firmes"]);
  });

  it("suppressed rows are stored but never match", async () => {
    const rows: ListRow[] = [
      { rfc: "XXXXXXXXXXXX", name: "Información suprimida", situation: "Presunto" },
      ...efos(40, "OTRA"),
    ];
    const bytes = writeListFile("Listado_completo_69-B.csv", rows, { contentDate: CONTENT_DATE });
    const result = await ingestListFile(
      database.db,
      inChunks(bytes, 4096),
      request("Listado_completo_69-B.csv"),
    );
    assert.equal(result.suppressed, 1);
    const stored = await database.db
      .selectFrom("list_entries")
      .select("rfc")
      .where("suppressed", "=", 1)
      .execute();
    assert.deepEqual(
      stored.map((row) => row.rfc),
      ["XXXXXXXXXXXX"],
    );
    // Not found (null while the other lists are missing), never the suppressed row.
    assert.equal((await lookupSatLists(database.db, "live", "XXXXXXXXXXXX")).sat_lists, null);
  });
});
