import assert from "node:assert/strict";
import { test } from "node:test";
import { importPartFiles } from "../../src/registration/import-part-files.ts";
import { dayOf } from "../../src/registration/list-date.ts";
import { mergeRfcSnapshot } from "../../src/registration/merge-rfc-snapshot.ts";
import { readRegistration } from "../../src/registration/read-registration.ts";
import { rfcKey } from "../../src/registration/rfc-key.ts";
import { freshDatabase } from "../helpers/database.ts";

const FIXTURES = "test/fixtures/registration";

test("a live import not yet published stays unseen while the sandbox's list has a date in between", async () => {
  const database = await freshDatabase();
  try {
    const importFile = (mode: "live" | "sandbox", file: string, date: string) =>
      importPartFiles(database, { mode, files: [file], date, requireSignature: false, minRowRatio: 0.5 });
    await importFile("live", `${FIXTURES}/datasample-signed.txt.gz`, "2018-02-11");
    // The sandbox's own list, with history rows of 2018-02-12: after live's published date.
    await importFile("sandbox", `${FIXTURES}/datasample-contents.txt`, "2018-02-10");
    const [sandbox] = await importFile("sandbox", `${FIXTURES}/datasample-contents-2.txt`, "2018-02-12");
    assert.equal(sandbox.status, "imported");
    // Live's 2018-02-13 written and not published (running, or killed): only AAAL890402J19 left, flagged.
    await mergeRfcSnapshot(database.db, {
      mode: "live",
      listDate: dayOf("2018-02-13"),
      snapshot: (async function* () {
        yield Float64Array.from([rfcKey("AAAL890402J19", "live") * 4 + 3]);
      })(),
    });
    const status = async (rfc: string) => (await readRegistration(database.db, "live", rfc)).status;
    const removedUnseen = await status("CIFM750811MFA");
    assert.deepEqual(
      [removedUnseen.listDate, removedUnseen.registered, removedUnseen.removedOn],
      [dayOf("2018-02-11"), true, null],
    );
    const flaggedUnseen = await status("AAAL890402J19");
    assert.deepEqual([flaggedUnseen.sncf, flaggedUnseen.subcontracting], [false, false]);
  } finally {
    await database.close();
  }
});
