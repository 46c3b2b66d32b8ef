import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { importPartFiles } from "../../src/registration/import-part-files.ts";
import { dayOf } from "../../src/registration/list-date.ts";
import { mergeRfcSnapshot } from "../../src/registration/merge-rfc-snapshot.ts";
import { readRegistration } from "../../src/registration/read-registration.ts";
import { blocksInKeyOrder } from "../../src/registration/rfc-blocks.ts";
import { rfcKey, unpackRfc } from "../../src/registration/rfc-key.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";

const FIXTURES = "test/fixtures/registration";

describe("importing the registered-RFC list: rows, changes, refusals", () => {
  let database: TestDatabase;
  let scratch: string;
  before(async () => {
    database = await freshDatabase();
    scratch = mkdtempSync(join(tmpdir(), "padron-rfc-import-"));
  });
  after(async () => {
    rmSync(scratch, { recursive: true, force: true });
    await database.close();
  });

  const importFile = (file: string, date: string) =>
    importPartFiles(database, {
      mode: "live",
      files: [file],
      date,
      requireSignature: false,
      minRowRatio: 0.5,
    });
  const status = async (rfc: string) => (await readRegistration(database.db, "live", rfc)).status;
  const registeredRows = async () => {
    const rows = [];
    for await (const block of blocksInKeyOrder(database.db, 0)) rows.push(...block.rows);
    return rows;
  };
  const snapshot = async () => ({
    list: await database.db.selectFrom("registration_lists").selectAll().where("list", "=", "rfc").execute(),
    rows: await registeredRows(),
    changes: await database.db.selectFrom("registered_rfc_changes").selectAll().orderBy("key").execute(),
  });
  const changesOf = async (date: string) =>
    (
      await database.db
        .selectFrom("registered_rfc_changes")
        .select(["key", "kind", "flags"])
        .where("list_date", "=", dayOf(date))
        .orderBy("key")
        .execute()
    ).map(
      (row) =>
        `${unpackRfc(Number(row.key))} ${["", "added", "removed", "restored", "flags"][row.kind]} ${row.flags}`,
    );

  it("before any import an RFC's registration is unknown", async () => {
    assert.equal((await status("AAAL890402J19")).registered, null);
  });

  it("the signed, gzip'd fixture gives its 100 rows, registered at least since its date", async () => {
    const [result] = await importFile(`${FIXTURES}/datasample-signed.txt.gz`, "2018-02-11");
    assert.equal(result.status, "imported");
    assert.equal(result.rows, 100);
    assert.equal(result.parts[0].signer?.serial, "30001000000300023708");
    const rows = await registeredRows();
    const expected = readFileSync(`${FIXTURES}/datasample-contents.txt`, "latin1").split("\n").slice(1, -2);
    assert.deepEqual(
      rows.map((row) => `${unpackRfc(Number(row.key))}|0|0`),
      expected,
    );
    assert.deepEqual(await status("AAAL890402J19"), {
      listDate: dayOf("2018-02-11"),
      registered: true,
      since: dayOf("2018-02-11"),
      sinceExact: false,
      removedOn: null,
      sncf: false,
      subcontracting: false,
    });
    assert.equal((await status("CAXX800101PJ9")).registered, false);
    assert.deepEqual(await changesOf("2018-02-11"), [], "the first snapshot writes no history");
  });

  it("the next day writes exactly the README's changes, and only those", async () => {
    const [result] = await importFile(`${FIXTURES}/datasample-contents-2.txt`, "2018-02-12");
    assert.equal(result.status, "imported");
    assert.deepEqual(result.changes, { added: 1, removed: 1, restored: 0, flags: 3, duplicates: 0 });
    assert.deepEqual(await changesOf("2018-02-12"), [
      "CAXX800101PJ9 added 0",
      "CEGM940425861 flags 1",
      "CERC7911221X1 flags 3",
      "CIAR800128CJ1 flags 2",
      "CIFM750811MFA removed 0",
    ]);
    assert.deepEqual(await status("CIFM750811MFA"), {
      listDate: dayOf("2018-02-12"),
      registered: false,
      since: dayOf("2018-02-11"),
      sinceExact: false,
      removedOn: dayOf("2018-02-12"),
      sncf: null,
      subcontracting: null,
    });
    const added = await status("CAXX800101PJ9");
    assert.equal(added.since, dayOf("2018-02-12"));
    assert.equal(added.sinceExact, true);
    assert.equal((await status("CERC7911221X1")).subcontracting, true);
    assert.equal((await status("CEGM940425861")).sncf, true);
    const changed = (await registeredRows()).filter((row) => row.changed_on === dayOf("2018-02-12"));
    assert.equal(changed.length, 5, "only the five changed RFCs were written");
  });

  it("a third day back to the first list restores, removes and flips the flags back", async () => {
    const [result] = await importFile(`${FIXTURES}/datasample-contents.txt`, "2018-02-13");
    assert.deepEqual(result.changes, { added: 0, removed: 1, restored: 1, flags: 3, duplicates: 0 });
    const restored = await status("CIFM750811MFA");
    assert.equal(restored.registered, true);
    assert.equal(restored.since, dayOf("2018-02-13"));
    assert.equal((await status("CAXX800101PJ9")).removedOn, dayOf("2018-02-13"));
    assert.equal(
      (await importFile(`${FIXTURES}/datasample-contents.txt`, "2018-02-13"))[0].status,
      "unchanged",
    );
    assert.equal(
      (await importFile(`${FIXTURES}/datasample-contents.txt`, "2018-02-10"))[0].status,
      "rejected",
    );
  });

  const signed = readFileSync(`${FIXTURES}/datasample-signed.txt`);
  const flip = (at: number) => {
    const copy = Buffer.from(signed);
    copy[at] ^= 1;
    return copy;
  };
  for (const [what, bytes, error] of [
    ["one flipped byte in the content", flip(signed.indexOf("AACC570410JL6")), /signed digest/],
    ["one flipped byte in the signature", flip(signed.length - 20), /signature does not verify/],
    ["a truncated gzip", readFileSync(`${FIXTURES}/datasample-signed.txt.gz`).subarray(0, 2000), /gzip/],
    ["a wrong header", Buffer.from("RFC|NOMBRE|SNCF\r\nAAAL890402J19|X|0|0\r\n"), /first line is not/],
  ] as const) {
    it(`${what}: refused, nothing written, the previous date still served`, async () => {
      const file = join(scratch, "part.txt");
      writeFileSync(file, bytes);
      const before = await snapshot();
      await assert.rejects(importFile(file, "2018-02-14"), error);
      assert.deepEqual(await snapshot(), before);
      assert.equal((await status("CIFM750811MFA")).listDate, dayOf("2018-02-13"));
    });
  }

  it("changes of a date not yet published are invisible, and undone by the next import", async () => {
    const key = rfcKey("CIFM750811MFA", "live");
    const values = Float64Array.from([rfcKey("AAAL890402J19", "live") * 4 + 3]);
    await mergeRfcSnapshot(database.db, {
      mode: "live",
      listDate: dayOf("2018-02-14"),
      snapshot: (async function* () {
        yield values;
      })(),
    });
    const halfWritten = (await registeredRows()).find((row) => row.key === key);
    assert.equal(halfWritten?.removed_on, dayOf("2018-02-14"), "the row itself was changed");
    const seen = await status("CIFM750811MFA");
    assert.equal(seen.registered, true, "readers still see the published date");
    assert.equal(seen.listDate, dayOf("2018-02-13"));
    assert.equal((await status("AAAL890402J19")).sncf, false);
    const [result] = await importFile(`${FIXTURES}/datasample-contents-2.txt`, "2018-02-14");
    assert.deepEqual(result.changes, { added: 0, removed: 1, restored: 1, flags: 3, duplicates: 0 });
    assert.equal((await status("AAAL890402J19")).sncf, false);
    assert.equal((await status("CIFM750811MFA")).removedOn, dayOf("2018-02-14"));
  });
});
