import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { importPartFiles } from "../../src/registration/import-part-files.ts";
import { readRegistration } from "../../src/registration/read-registration.ts";
import { freshDatabase } from "../helpers/database.ts";

const HOMOCLAVE = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const RFC = "ZZZ991231ZZ9";
const FIRST = "30001000000500000001";
const SECOND = "30001000000500000002";

const certificate = (serial: string, status: string, obligations = 1) =>
  `<lco:Certificado ValidezObligaciones="${obligations}" EstatusCertificado="${status}" noCertificado="${serial}" FechaFinal="2099-05-18T11:43:51" FechaInicio="2023-05-18T11:43:51"/>`;
const contributor = (rfc: string, ...certificates: string[]) =>
  `<lco:Contribuyente RFC="${rfc}">${certificates.join("")}</lco:Contribuyente>`;
const lco = (...contributors: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<lco:LCO xmlns:lco="http:/www.sat.gob.mx/cfd/LCO">\n${contributors.join("\n")}\n</lco:LCO>\n`;
/** One certificate each for `count` distinct company RFCs that sort before ZZZ…. */
const others = (count: number) =>
  Array.from({ length: count }, (_, i) => {
    const day = String(1 + Math.floor(i / 1296)).padStart(2, "0");
    const rfc = `AAA0101${day}${HOMOCLAVE[Math.floor(i / 36) % 36]}${HOMOCLAVE[i % 36]}A`;
    return contributor(rfc, certificate(`3000100000${String(i).padStart(10, "0")}`, "A"));
  });

// The sort hands records on in batches of 16,384: 16,383 before put the repeats on both sides of one.
for (const before of [10, 16_383]) {
  test(`a certificate listed twice is kept once, as listed last (${before} certificates before it)`, async () => {
    const database = await freshDatabase();
    const scratch = mkdtempSync(join(tmpdir(), "padron-duplicate-certificates-"));
    try {
      const part = (n: number, ...contributors: string[]) => {
        const file = join(scratch, `LCO_2026-11-01_${n}.XML`);
        writeFileSync(file, lco(...contributors));
        return file;
      };
      const files = [
        part(1, ...others(before), contributor(RFC, certificate(FIRST, "A"), certificate(SECOND, "A"))),
        part(2, contributor(RFC, certificate(FIRST, "A")), contributor(RFC, certificate(FIRST, "R", 0))),
      ];
      const [result] = await importPartFiles(database, {
        mode: "live",
        files,
        requireSignature: false,
        minRowRatio: 0.5,
      });
      assert.equal(result.status, "imported");
      assert.equal(result.rows, before + 2);
      const { listed } = await readRegistration(database.db, "live", RFC);
      assert.deepEqual(listed.certificates.map((c) => [c.serial, c.status, c.obligations]).sort(), [
        [FIRST, "Revocado", 0],
        [SECOND, "Activo", 1],
      ]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
      await database.close();
    }
  });
}
