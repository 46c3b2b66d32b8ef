import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { readRegistration } from "../../src/registration/read-registration.ts";
import { readRegistrationStatus } from "../../src/registration/read-registration-status.ts";
import { type RegistrationSyncOptions, syncRegistration } from "../../src/registration/sync-registration.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { signedPart, startContainerServer } from "./container-server.ts";

const FIXTURES = "test/fixtures/registration";
const day1 = readFileSync(`${FIXTURES}/datasample-contents.txt`, "latin1").replace(/\n/g, "\r\n");
const day2 = readFileSync(`${FIXTURES}/datasample-contents-2.txt`, "latin1").replace(/\n/g, "\r\n");
const lco = (status: string) => `<?xml version="1.0" encoding="UTF-8"?>
<lco:LCO xmlns:lco="http:/www.sat.gob.mx/cfd/LCO">
<lco:Contribuyente RFC="AAAL890402J19"><lco:Certificado ValidezObligaciones="1" EstatusCertificado="${status}" noCertificado="00001000000406258094" FechaFinal="2030-05-18T11:43:51" FechaInicio="2026-05-18T11:43:51"/></lco:Contribuyente>
</lco:LCO>`;

describe("padron registration sync against a loopback blob container", () => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startContainerServer>>;
  let downloads: string;
  let options: RegistrationSyncOptions;
  before(async () => {
    database = await freshDatabase();
    server = await startContainerServer();
    downloads = mkdtempSync(join(tmpdir(), "padron-registration-downloads-"));
    const half = Math.floor(day1.length / 2);
    const cut = day1.indexOf("\r\n", half) + 2;
    server.publish("l_RFC_2026_11_20_1.txt.gz", await signedPart(day1.slice(0, cut)));
    server.publish(
      "l_RFC_2026_11_20_2.txt.gz",
      await signedPart(`RFC|SNCF|SUBCONTRATACION\r\n${day1.slice(cut)}`),
    );
    server.publish("LCO_2026-11-20_1.XML.gz", await signedPart(lco("A")));
    options = {
      mode: "live",
      baseUrl: server.url,
      downloadDir: downloads,
      minRowRatio: 0.9,
      writeShare: 0.5, // paced as `padron serve` syncs: the next day's changes come out the same
      timeoutMs: 5000,
      retries: 2,
      retryDelayMs: 1,
      now: new Date("2026-11-25T12:00:00Z"),
    };
  });
  /** Like SAT: one list date in numbered parts, each with the header. */
  const publishInTwoParts = async (date: string, text: string) => {
    const cut = text.indexOf("\r\n", Math.floor(text.length / 2)) + 2;
    server.publish(`l_RFC_${date}_1.txt.gz`, await signedPart(text.slice(0, cut)));
    server.publish(
      `l_RFC_${date}_2.txt.gz`,
      await signedPart(`RFC|SNCF|SUBCONTRATACION\r\n${text.slice(cut)}`),
    );
  };
  after(async () => {
    await server.close();
    await database.close();
    rmSync(downloads, { recursive: true, force: true });
  });

  it("imports the newest complete date of both lists, parts checked and signed; the downloads go", async () => {
    const results = await syncRegistration(database, options);
    assert.deepEqual(
      results.map((r) => [r.list, r.status, r.date, r.imports.map((i) => [i.rows, i.parts.length])]),
      [
        ["rfc", "imported", "2026-11-20", [[100, 2]]],
        ["certificates", "imported", "2026-11-20", [[1, 1]]],
      ],
    );
    assert.equal((await readRegistration(database.db, "live", "CIFM750811MFA")).status.registered, true);
    const certificates = (await readRegistration(database.db, "live", "AAAL890402J19")).listed;
    assert.equal(certificates.certificates[0].serial, "00001000000406258094");
    const status = await readRegistrationStatus(database.db, "live");
    assert.deepEqual(
      status.map((s) => [s.list, s.date, s.rows, s.last_sync?.outcome]),
      [
        ["rfc", "2026-11-20", 100, "imported"],
        ["certificates", "2026-11-20", 1, "imported"],
      ],
    );
    assert.deepEqual(readdirSync(join(downloads, "live")), []);
  });

  it("a second sync finds nothing newer", async () => {
    const results = await syncRegistration(database, options);
    assert.deepEqual(
      results.map((r) => r.status),
      ["up_to_date", "up_to_date"],
    );
  });

  it("a date whose parts are not all there yet is skipped", async () => {
    server.publish("l_RFC_2026_11_21_2.txt.gz", await signedPart(day2));
    const [result] = await syncRegistration(database, { ...options, lists: ["rfc"] });
    assert.equal(result.status, "up_to_date");
  });

  it("a Content-MD5 mismatch is refused: nothing written, the previous date still served", async () => {
    await publishInTwoParts("2026_11_21", day2);
    server.fault("l_RFC_2026_11_21_2.txt.gz", "wrong_md5");
    const [result] = await syncRegistration(database, { ...options, lists: ["rfc"] });
    assert.equal(result.status, "failed");
    assert.match(result.reason ?? "", /Content-MD5 mismatch/);
    const removed = (await readRegistration(database.db, "live", "CIFM750811MFA")).status;
    assert.equal(removed.registered, true);
    assert.equal(removed.listDate, Date.parse("2026-11-20") / 86_400_000);
    const changes = await database.db.selectFrom("registered_rfc_changes").selectAll().execute();
    assert.deepEqual(changes, []);
    assert.equal((await readRegistrationStatus(database.db, "live"))[0].last_sync?.outcome, "failed");
    server.fault("l_RFC_2026_11_21_2.txt.gz", null);
  });

  it("a download cut midway is resumed with a Range request, then imported", async () => {
    server.fault("l_RFC_2026_11_21_2.txt.gz", "cut_midway");
    server.requests.length = 0;
    const [result] = await syncRegistration(database, { ...options, lists: ["rfc"] });
    assert.equal(result.status, "imported");
    assert.deepEqual(result.imports[0].changes, {
      added: 1,
      removed: 1,
      restored: 0,
      flags: 3,
      duplicates: 0,
    });
    const downloads = server.requests.filter((r) => r.path.endsWith(".txt.gz"));
    assert.deepEqual(
      downloads.map((r) => r.path),
      ["/lco/l_RFC_2026_11_21_2.txt.gz", "/lco/l_RFC_2026_11_21_2.txt.gz"],
      "part 1, downloaded whole by the sync refused above, is not fetched again; part 2 is cut and resumed",
    );
    assert.equal(downloads[0].range, undefined);
    assert.match(downloads[1].range ?? "", /^bytes=\d+-$/);
    assert.equal((await readRegistration(database.db, "live", "CIFM750811MFA")).status.registered, false);
  });

  it("an unsigned part from the container is refused", async () => {
    server.publish("LCO_2026-11-21_1.XML.gz", Buffer.from(lco("R")));
    const [result] = await syncRegistration(database, { ...options, lists: ["certificates"] });
    assert.equal(result.status, "failed");
    assert.match(result.reason ?? "", /not signed/);
    const certificates = (await readRegistration(database.db, "live", "AAAL890402J19")).listed;
    assert.equal(certificates.certificates[0].status, "Activo");
  });
});
