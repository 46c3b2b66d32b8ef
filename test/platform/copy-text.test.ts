import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { sql } from "kysely";
import { copyTextChunks } from "../../src/platform/db/copy-text.ts";
import { freshDatabase, TEST_ENGINE, type TestDatabase } from "../helpers/database.ts";

async function* batchesOf(...batches: unknown[][]): AsyncGenerator<unknown[]> {
  yield* batches;
}

async function encoded(width: number, ...batches: unknown[][]): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of copyTextChunks(batchesOf(...batches), width)) out.push(chunk.toString("utf8"));
  return out;
}

describe("COPY's text format", () => {
  it("writes integers, other numbers, null, escaped text and bytes as hex, a line per row", async () => {
    const row = [0, -42, 9_007_199_254_740_991, 1.5, 2 ** 60, null, "a\tb\nc\\d\re", "Ñandú", true];
    const bytes = new Uint8Array([0, 255, 16, 171]);
    const chunks = await encoded(
      10,
      [...row, bytes],
      [7, 8, 9, 10, 11, 12, "x", "y", false, new Uint8Array()],
    );
    assert.deepEqual(chunks, [
      "0\t-42\t9007199254740991\t1.5\t1152921504606847000\t\\N\ta\\tb\\nc\\\\d\\re\tÑandú\ttrue\t\\\\x00ff10ab\n",
      "7\t8\t9\t10\t11\t12\tx\ty\tfalse\t\\\\x\n",
    ]);
  });

  it("grows past its first buffer for long text, long bytes and many rows, and keeps every byte", async () => {
    const long = "ñ".repeat(50_000);
    const bytes = new Uint8Array(40_000).fill(0xee);
    const rows = Array.from({ length: 20_000 }, (_, i) => [i, `r${i}`]).flat();
    const [first, second] = await encoded(2, [1, long, 2, bytes], rows);
    assert.equal(first, `1\t${long}\n2\t\\\\x${"ee".repeat(40_000)}\n`);
    assert.equal(second, Array.from({ length: 20_000 }, (_, i) => `${i}\tr${i}\n`).join(""));
  });

  it("gives each batch a buffer of its own: one read later is not overwritten by the next", async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of copyTextChunks(batchesOf([1], [2], [3]), 1)) chunks.push(chunk);
    assert.deepEqual(
      chunks.map((chunk) => chunk.toString()),
      ["1\n", "2\n", "3\n"],
    );
  });
});

describe("COPY's text format read back by PostgreSQL", {
  skip: TEST_ENGINE !== "postgres" && "COPY is PostgreSQL's",
}, () => {
  let database: TestDatabase;
  before(async () => {
    database = await freshDatabase({ migrate: false });
    await sql`create table copied (n bigint, x double precision, t text, b bytea, flag boolean)`.execute(
      database.db,
    );
  });
  after(() => database?.close());

  it("stores every value as it was given, the special characters and null included", async () => {
    const rows = [
      [
        -9_007_199_254_740_991,
        0.1,
        "tab\there\nnew line\\back slash\rreturn",
        new Uint8Array([0, 92, 9, 10]),
        true,
      ],
      [123, null, "\\N", new Uint8Array(), false],
      [null, -1e300, "Ñ&É ü", null, null],
    ];
    await database.copyLines?.(
      "copied",
      ["n", "x", "t", "b", "flag"],
      copyTextChunks(batchesOf(rows.flat()), 5),
    );
    const stored = await sql<{
      n: number | null;
      x: number | null;
      t: string | null;
      b: Buffer | null;
      flag: boolean | null;
    }>`
      select n, x, t, b, flag from copied order by coalesce(n, 0)`.execute(database.db);
    assert.deepEqual(
      stored.rows.map((row) => [row.n, row.x, row.t, row.b === null ? null : [...row.b], row.flag]),
      [
        [-9_007_199_254_740_991, 0.1, "tab\there\nnew line\\back slash\rreturn", [0, 92, 9, 10], true],
        [null, -1e300, "Ñ&É ü", null, null],
        [123, null, "\\N", [], false],
      ],
    );
  });
});
