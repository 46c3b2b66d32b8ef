import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { importPartFiles } from "../../src/registration/import-part-files.ts";
import { readRegistration } from "../../src/registration/read-registration.ts";
import { freshDatabase } from "../helpers/database.ts";

const HOMOCLAVE = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** `count` distinct company RFCs that sort before ZZZ…, in key order. */
const rfcsBefore = (count: number) =>
  Array.from({ length: count }, (_, i) => {
    const day = String(1 + Math.floor(i / 1296)).padStart(2, "0");
    return `AAA0101${day}${HOMOCLAVE[Math.floor(i / 36) % 36]}${HOMOCLAVE[i % 36]}A`;
  });

// The sort hands rows on in batches of 16,384: 16,383 rows first put the twin rows on both sides of one.
for (const before of [100, 16_383]) {
  test(`an RFC listed twice keeps its highest flags (${before} rows before it)`, async () => {
    const database = await freshDatabase();
    const scratch = mkdtempSync(join(tmpdir(), "padron-duplicate-rows-"));
    try {
      const rows = [...rfcsBefore(before).map((rfc) => `${rfc}|0|0`), "ZZZ991231ZZ9|0|0", "ZZZ991231ZZ9|1|1"];
      const file = join(scratch, "part.txt");
      writeFileSync(file, `RFC|SNCF|SUBCONTRATACION\r\n${rows.join("\r\n")}\r\nEOF\r\n`, "latin1");
      const [result] = await importPartFiles(database, {
        mode: "live",
        files: [file],
        date: "2020-01-01",
        requireSignature: false,
        minRowRatio: 0.5,
      });
      assert.equal(result.rows, before + 1);
      const { status } = await readRegistration(database.db, "live", "ZZZ991231ZZ9");
      assert.deepEqual([status.sncf, status.subcontracting], [true, true]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
      await database.close();
    }
  });
}
