import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";

// The sort's scratch root is the temporary directory when its module loads: one of this test's own.
const scratchRoot = mkdtempSync(join(tmpdir(), "padron-sort-cleanup-"));
process.env.TMPDIR = scratchRoot;
const { importDate } = await import("../../src/registration/import-date.ts");

/** More records than one sorted run (2^20), so the sort spills to its scratch folder. */
const SPILLED = 1_200_000;
const sortFolders = () =>
  readdirSync(scratchRoot).filter((name) => name.startsWith("padron-registration-sort-"));

describe("a date that stops early removes the sort's scratch folder", () => {
  let database: TestDatabase;
  before(async () => {
    database = await freshDatabase();
  });
  after(async () => {
    await database.close();
    rmSync(scratchRoot, { recursive: true, force: true });
  });

  /** A date of `rows` descending keys, each write counting them (or failing after the first batch). */
  const importRows = (date: string, rows: number, failWrite = false) => {
    const counts = { rows: 0, skipped: 0 };
    const reader = {
      width: 1,
      counts,
      read: async function* () {
        counts.rows = rows;
        yield Float64Array.from({ length: rows }, (_, i) => rows - i);
      },
    };
    const part = {
      name: "part.txt",
      origin: "memory:",
      bytes: 1,
      open: async function* () {
        yield Buffer.from("rows\r\n");
      },
    };
    return importDate(
      database,
      "rfc",
      { mode: "live", date, parts: [part], requireSignature: false, minRowRatio: 0.9 },
      reader,
      {
        async write({ records }) {
          for await (const _ of records) if (failWrite) throw new Error("the disk is full");
          return { rows };
        },
      },
    );
  };

  it("a date refused for too few rows (1.2M against 2M published) leaves none", async () => {
    assert.equal((await importRows("2026-11-01", 2_000_000)).status, "imported");
    assert.deepEqual(sortFolders(), [], "a completed import removes its scratch folder");
    const refused = await importRows("2026-11-02", SPILLED);
    assert.equal(refused.status, "rejected");
    assert.deepEqual(sortFolders(), []);
  });

  it("a write that fails midway leaves none", async () => {
    await assert.rejects(importRows("2026-11-03", 2_000_000, true), /the disk is full/);
    assert.deepEqual(sortFolders(), []);
  });
});
