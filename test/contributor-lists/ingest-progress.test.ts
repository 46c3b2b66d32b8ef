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

/** Like a file already in the page cache: every chunk is ready at once. */
async function* readyChunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

it("an ingest reports the bytes it read while it sorts, then the rows it wrote", async () => {
  const rows = art69Rows(RUN_ROWS * 2 + 1); // two runs spilled and one kept in memory
  const bytes = writeListFile("Firmes.csv", rows, { contentDate: new Date("2026-05-31T00:00:00Z") });
  let bytesBeforeFirstWrite = 0;
  let rowsReported = 0;
  const result = await ingestListFile(database.db, readyChunks(bytes, 4096), {
    mode: "live",
    fileName: "Firmes.csv",
    minRowRatio: 0.5,
    provenance: { sourceUrl: "test:Firmes.csv", etag: null, lastModified: null, expectedBytes: null },
    onProgress: (progress) => {
      if (progress.rows === 0) bytesBeforeFirstWrite = progress.bytes;
      rowsReported = progress.rows;
    },
  });
  assert.equal(result.rows, rows.length);
  assert.equal(bytesBeforeFirstWrite, bytes.length, "progress tells the bytes read while the file is sorted");
  assert.equal(rowsReported, rows.length, "the last report counts every row written");
});
