import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { importPartFiles } from "../../src/registration/import-part-files.ts";
import { readRegistrationStatus } from "../../src/registration/read-registration-status.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";

const FIXTURES = "test/fixtures/registration";

describe("the date of a part named like SAT's", () => {
  let database: TestDatabase;
  let scratch: string;
  before(async () => {
    database = await freshDatabase();
    scratch = mkdtempSync(join(tmpdir(), "padron-part-date-"));
  });
  after(async () => {
    rmSync(scratch, { recursive: true, force: true });
    await database.close();
  });

  const importAs = (file: string, date?: string) =>
    importPartFiles(database, {
      mode: "live",
      files: [file],
      date,
      requireSignature: false,
      minRowRatio: 0.9,
    });
  const publishedDates = async () =>
    (await readRegistrationStatus(database.db, "live")).map((list) => list.date);

  it("a --date of another day is refused, nothing written, and the part's own date stays open", async () => {
    const part = join(scratch, "l_RFC_2018_02_11_1.txt.gz");
    copyFileSync(`${FIXTURES}/datasample-signed.txt.gz`, part);
    await assert.rejects(importAs(part, "2018-02-20"), {
      name: "TypeError",
      message: `${part}: its name says 2018-02-11, not --date 2018-02-20`,
    });
    assert.deepEqual((await publishedDates()).filter(Boolean), [], "nothing published");
    const [result] = await importAs(part);
    assert.equal(`${result.status} ${result.date}`, "imported 2018-02-11");
  });

  it("a --date that agrees with the name is taken", async () => {
    const part = join(scratch, "l_RFC_2018_02_12_1.txt.gz");
    copyFileSync(`${FIXTURES}/datasample-signed.txt.gz`, part);
    const [result] = await importAs(part, "2018-02-12");
    assert.equal(`${result.status} ${result.date}`, "imported 2018-02-12");
  });
});
