import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import type { ListEntry } from "../../src/contributor-lists/list-entry.ts";
import {
  type PositionedEntry,
  RUN_ROWS,
  sortEntriesByRfc,
} from "../../src/contributor-lists/sort-entries-by-rfc.ts";

const scratchRoot = mkdtempSync(join(tmpdir(), "padron-sort-test-"));
after(() => rmSync(scratchRoot, { recursive: true, force: true }));

/** Entries with repeated RFCs (Ñ and & among them), raw cells with quotes, newlines and accents. */
function entries(count: number): ListEntry[] {
  const letters = ["AÑA", "A&B", "ZZZ", "BCD", "ÑOÑ", "ABC"];
  return Array.from({ length: count }, (_, index) => ({
    rfc: `${letters[(index * 7) % letters.length]}${String((index * 7919) % 401).padStart(6, "0")}X${index % 3}`,
    article: "69",
    sub_list: index % 2 ? "firmes" : "cancelados",
    situation: index % 5 ? "FIRMES" : "",
    name: `EMPRESA "${index}", S.A. DE C.V.\nSEGUNDA LÍNEA`,
    person_type: index % 3 ? "M" : "",
    state: "MÉXICO",
    suppressed: index % 11 === 0,
    ...(index % 4 ? { raw: { "FECHA DE PUBLICACIÓN": "01/02/2020", MONTO: `${index},00` } } : {}),
  }));
}

async function* inBatches(all: ListEntry[], size: number, failAfter = Infinity): AsyncGenerator<ListEntry[]> {
  for (let start = 0; start < all.length; start += size) {
    if (start >= failAfter) throw new Error("connection reset");
    yield all.slice(start, start + size);
  }
}

async function collect(batches: AsyncIterable<PositionedEntry[]>) {
  const out: PositionedEntry[][] = [];
  for await (const batch of batches) out.push(batch);
  return out;
}

describe("sortEntriesByRfc", () => {
  for (const count of [0, 7, RUN_ROWS - 1, RUN_ROWS * 3 + 17]) {
    it(`${count} entries come back whole, by RFC then file order, in batches of 500`, async () => {
      const all = entries(count);
      const batches = await collect(sortEntriesByRfc(inBatches(all, 333), 500, scratchRoot));
      const expected = all
        .map((entry, position) => ({ position, entry }))
        .sort((a, b) =>
          a.entry.rfc < b.entry.rfc ? -1 : a.entry.rfc > b.entry.rfc ? 1 : a.position - b.position,
        );
      assert.deepEqual(batches.flat(), expected);
      assert.ok(batches.slice(0, -1).every((batch) => batch.length === 500));
      assert.deepEqual(readdirSync(scratchRoot), [], "no scratch file is left behind");
    });
  }

  it("a source that fails after runs were spilled fails the sort and leaves no scratch file", async () => {
    const sorting = collect(
      sortEntriesByRfc(inBatches(entries(RUN_ROWS * 3), 1_000, RUN_ROWS * 2), 500, scratchRoot),
    );
    await assert.rejects(sorting, /connection reset/);
    assert.deepEqual(readdirSync(scratchRoot), []);
  });

  it("a consumer that stops early leaves no scratch file", async () => {
    for await (const batch of sortEntriesByRfc(inBatches(entries(RUN_ROWS * 2), 1_000), 500, scratchRoot)) {
      assert.equal(batch.length, 500);
      assert.equal(readdirSync(scratchRoot).length, 1, "the runs were spilled");
      break;
    }
    assert.deepEqual(readdirSync(scratchRoot), []);
  });
});
