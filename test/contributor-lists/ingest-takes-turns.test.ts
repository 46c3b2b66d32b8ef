import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { ingestListFile } from "../../src/contributor-lists/ingest-list-file.ts";
import { RUN_ROWS } from "../../src/contributor-lists/sort-entries-by-rfc.ts";
import { writeListFile } from "../../src/sandbox/formats/list-files.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { art69Rows } from "./list-server.ts";

let database: TestDatabase;
before(async () => {
  database = await freshDatabase();
});
after(() => database.close());

/** Like a file already in the page cache: a stream hands every chunk over without a turn of the event loop. */
async function* readyChunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

it("parsing a file whose chunks are all ready lets other work run between chunks, and reports its bytes", async () => {
  const rows = art69Rows(RUN_ROWS * 2 + 1); // two runs spilled and one kept in memory
  const bytes = writeListFile("Firmes.csv", rows, { contentDate: new Date("2026-05-31T00:00:00Z") });
  const chunks = Math.ceil(bytes.length / 4096);
  let turns = 0;
  let turnsBeforeFirstWrite: number | null = null;
  let bytesBeforeFirstWrite = 0;
  let ingesting = true;
  const countTurns = () => {
    turns++;
    if (ingesting) setImmediate(countTurns);
  };
  setImmediate(countTurns);
  const result = await ingestListFile(database.db, readyChunks(bytes, 4096), {
    mode: "live",
    fileName: "Firmes.csv",
    minRowRatio: 0.5,
    provenance: { sourceUrl: "test:Firmes.csv", etag: null, lastModified: null, expectedBytes: null },
    onProgress: (progress) => {
      if (progress.rows === 0) bytesBeforeFirstWrite = progress.bytes;
      else turnsBeforeFirstWrite ??= turns;
    },
  }).finally(() => {
    ingesting = false;
  });
  assert.equal(result.rows, rows.length);
  assert.equal(bytesBeforeFirstWrite, bytes.length, "progress tells the bytes read while the file is sorted");
  assert.ok(chunks > 20, `${chunks} chunks`);
  assert.ok(
    (turnsBeforeFirstWrite ?? 0) >= chunks,
    `${turnsBeforeFirstWrite} turns of the event loop while ${chunks} chunks were parsed`,
  );
});
