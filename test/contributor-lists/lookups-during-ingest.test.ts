import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ingestListFile } from "../../src/contributor-lists/ingest-list-file.ts";
import { lookupSatLists } from "../../src/contributor-lists/lookup-sat-lists.ts";
import { writeListFile } from "../../src/sandbox/formats/list-files.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { art69Rows } from "./list-server.ts";

const CONTENT_DATE = new Date("2026-05-31T00:00:00Z");
const request = { mode: "live" as const, fileName: "Firmes.csv", minRowRatio: 0.5 };
/** Like a file or socket: every chunk arrives on a later turn of the event loop. */
async function* slowChunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size) {
    await new Promise((resolve) => setImmediate(resolve));
    yield bytes.subarray(offset, offset + size);
  }
}

const provenance = { sourceUrl: "test:Firmes.csv", etag: null, lastModified: null, expectedBytes: null };

/*
 * Version A: rows "OLD" with RFCs 0..N-1 plus `onlyOld`. Version B: its FIRST row is `onlyNew` (so a reader
 * that did not go through the current-version pointer would see it right after the first batch), then
 * the same RFCs 0..N-1 named "NEW". Every lookup must see exactly one of the two versions.
 */
describe("lookups running during an ingest", () => {
  let database: TestDatabase;
  const rows = art69Rows(8_002);
  const [onlyOld, onlyNew, ...shared] = rows;
  const probe = shared[shared.length - 1].rfc;
  before(async () => {
    database = await freshDatabase();
    const versionA = [...shared.map((row) => ({ ...row, name: "OLD" })), { ...onlyOld, name: "OLD" }];
    const bytes = writeListFile("Firmes.csv", versionA, { contentDate: CONTENT_DATE });
    await ingestListFile(database.db, slowChunks(bytes, 16_384), { ...request, provenance });
  });
  after(() => database.close());

  it("only ever see a complete version, never a mix", async () => {
    const versionB = [{ ...onlyNew, name: "NEW" }, ...shared.map((row) => ({ ...row, name: "NEW" }))];
    const bytes = writeListFile("Firmes.csv", versionB, { contentDate: CONTENT_DATE });
    let insertedRows = 0;
    let ingesting = true;
    type Observation = { phase: "old" | "new"; during: boolean };
    const ingest = ingestListFile(database.db, slowChunks(bytes, 16_384), {
      ...request,
      provenance,
      onProgress: (progress) => {
        insertedRows = progress.rows;
      },
    }).finally(() => {
      ingesting = false;
    });
    const observe = async () => {
      const observations: Observation[] = [];
      while (ingesting) {
        const during = insertedRows > 0;
        const oldOnly = await lookupSatLists(database.db, "live", onlyOld.rfc);
        const newOnly = await lookupSatLists(database.db, "live", onlyNew.rfc);
        const common = await lookupSatLists(database.db, "live", probe);
        assert.equal(common.sat_lists?.length, 1, "the shared RFC is listed exactly once");
        const commonPhase = common.sat_lists?.[0].name === "OLD" ? "old" : "new";
        if (oldOnly.sat_lists?.length === 1) observations.push({ phase: "old", during });
        if (newOnly.sat_lists?.length === 1) observations.push({ phase: "new", during });
        observations.push({ phase: commonPhase, during });
        await new Promise((resolve) => setImmediate(resolve));
      }
      // One look after the ingest ended, so every reader's view has a flip to check.
      const last = await lookupSatLists(database.db, "live", probe);
      observations.push({ phase: last.sat_lists?.[0].name === "NEW" ? "new" : "old", during: false });
      return observations;
    };
    const [result, ...readers] = await Promise.all([ingest, observe(), observe(), observe()]);
    assert.equal(result.status, "replaced");
    const all = readers.flat();
    const oldWhileLoading = all.filter((o) => o.during && o.phase === "old").length;
    assert.ok(oldWhileLoading > 0, "some lookups ran while the new version was half loaded");
    for (const observations of readers) {
      // Each reader's view flips from old to new at most once: after its first "new", never "old".
      const firstNew = observations.findIndex((o) => o.phase === "new");
      assert.ok(firstNew >= 0, "after the ingest every reader sees the new version");
      assert.ok(observations.slice(firstNew).every((o) => o.phase === "new"));
    }
    const finalOld = await lookupSatLists(database.db, "live", onlyOld.rfc);
    const finalNew = await lookupSatLists(database.db, "live", onlyNew.rfc);
    // Found in no loaded list while the other lists are not loaded: unknown, not "in no list".
    assert.equal(finalOld.sat_lists, null);
    assert.equal(finalNew.sat_lists?.[0].name, "NEW");
  });
});
