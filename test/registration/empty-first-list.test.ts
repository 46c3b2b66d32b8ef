import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { importPartFiles } from "../../src/registration/import-part-files.ts";
import { readRegistration } from "../../src/registration/read-registration.ts";
import { freshDatabase } from "../helpers/database.ts";

const database = await freshDatabase();
const scratch = mkdtempSync(join(tmpdir(), "padron-empty-registration-"));
after(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await database.close();
});

const write = (name: string, text: string) => {
  const file = join(scratch, name);
  writeFileSync(file, text);
  return file;
};
const emptyRfcList = write("l_RFC_2026_11_01_1.txt", "RFC|SNCF|SUBCONTRATACION\n");
const emptyCertificateList = write(
  "LCO_2026-11-01_1.XML",
  '<?xml version="1.0" encoding="UTF-8"?>\n<lco:LCO xmlns:lco="http:/www.sat.gob.mx/cfd/LCO">\n</lco:LCO>\n',
);
const importFiles = (force: boolean) =>
  importPartFiles(database, {
    mode: "live",
    files: [emptyRfcList, emptyCertificateList],
    requireSignature: false,
    minRowRatio: 0.9,
    force,
  });

test("a first l_RFC or LCO with no rows is refused, and registration stays unknown", async () => {
  const results = await importFiles(false);
  assert.deepEqual(
    results.map((result) => [result.list, result.status, result.rows]),
    [
      ["rfc", "rejected", 0],
      ["certificates", "rejected", 0],
    ],
  );
  for (const result of results) assert.match(result.reason ?? "", /no rows/);
  const unknown = await readRegistration(database.db, "live", "AAAL890402J19");
  assert.equal(unknown.status.registered, null, "not answered as unregistered");
  const published = await database.db.selectFrom("registration_lists").selectAll().execute();
  assert.deepEqual(
    published.filter((row) => row.published_date !== null),
    [],
  );
});

test("--force imports them", async () => {
  const results = await importFiles(true);
  assert.deepEqual(
    results.map((result) => result.status),
    ["imported", "imported"],
  );
});
