import assert from "node:assert/strict";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { sortRecords } from "../../src/registration/sort-records.ts";

const WIDTH = 7;
let scratchRoot = "";
before(async () => {
  scratchRoot = await mkdtemp(join(tmpdir(), "sort-records-test-"));
});
after(() => rm(scratchRoot, { recursive: true, force: true }));

/** Records of WIDTH numbers: a key (with repeats) and the record's index, so each one is told apart. */
function records(count: number, keyOf: (i: number) => number): Float64Array {
  const out = new Float64Array(count * WIDTH);
  for (let i = 0; i < count; i++) out.set([keyOf(i), i, i * 2, i % 3, i * 10, i * 11, i % 2], i * WIDTH);
  return out;
}

async function* inPieces(values: Float64Array, size: number): AsyncGenerator<Float64Array> {
  for (let start = 0; start < values.length; start += size) yield values.subarray(start, start + size);
}

async function sortAll(values: Float64Array, sizes: Parameters<typeof sortRecords>[2]) {
  const out: number[][] = [];
  for await (const batch of sortRecords(inPieces(values, 1_001), WIDTH, { scratchRoot, ...sizes })) {
    assert.equal(batch.length % WIDTH, 0, "whole records only");
    for (let at = 0; at < batch.length; at += WIDTH) out.push([...batch.subarray(at, at + WIDTH)]);
  }
  return out;
}

function assertSortedAndComplete(out: number[][], values: Float64Array) {
  assert.equal(out.length, values.length / WIDTH);
  for (let i = 1; i < out.length; i++) if (out[i - 1][0] > out[i][0]) assert.fail(`out of order at ${i}`);
  const seen = new Set<number>();
  for (const record of out) {
    const index = record[1];
    assert.deepEqual(record, [...values.subarray(index * WIDTH, index * WIDTH + WIDTH)]);
    seen.add(index);
  }
  assert.equal(seen.size, out.length, "every record once");
}

describe("sortRecords with many runs", () => {
  it("merges 200 overlapping runs through blocks smaller than a run, keys repeated", async () => {
    const values = records(20_000, (i) => (i * 7_919) % 4_999);
    // 100-record runs; a budget of 1 number per run gives each its smallest block (16 records).
    const out = await sortAll(values, { runNumbers: 100 * WIDTH, mergeNumbers: 200, batchRecords: 333 });
    assertSortedAndComplete(out, values);
    assert.deepEqual(await readdir(scratchRoot), [], "the scratch file is gone");
  });

  it("is stable: records of one key come out in the order they came in, across runs", async () => {
    const values = records(20_000, (i) => (i * 7_919) % 97);
    const out = await sortAll(values, { runNumbers: 100 * WIDTH, mergeNumbers: 200, batchRecords: 333 });
    assertSortedAndComplete(out, values);
    for (let i = 1; i < out.length; i++)
      if (out[i - 1][0] === out[i][0] && out[i - 1][1] > out[i][1])
        assert.fail(`key ${out[i][0]} out of order`);
  });

  it("reads runs that do not overlap in turn, whole and in order", async () => {
    const values = records(5_000, (i) => Math.floor(i / 3));
    const out = await sortAll(values, { runNumbers: 64 * WIDTH, mergeNumbers: WIDTH, batchRecords: 50 });
    assertSortedAndComplete(out, values);
    assert.deepEqual(
      out.map((record) => record[1]),
      Array.from({ length: 5_000 }, (_, i) => i),
    );
  });

  it("removes its scratch file when the reader stops early", async () => {
    const values = records(3_000, (i) => 3_000 - i);
    const sorted = sortRecords(inPieces(values, 700), WIDTH, { scratchRoot, runNumbers: 50 * WIDTH });
    const first = await sorted.next();
    assert.equal(first.done, false);
    assert.equal((first.value as Float64Array)[0], 1);
    assert.equal((await readdir(scratchRoot)).length, 1, "a scratch directory while it merges");
    await sorted.return(undefined);
    assert.deepEqual(await readdir(scratchRoot), []);
  });
});
