import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { dayOf } from "../../src/registration/list-date.ts";
import { readRegistration } from "../../src/registration/read-registration.ts";
import { unpackRfc } from "../../src/registration/rfc-key.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";

const run = promisify(execFile);
const FIXTURES = "test/fixtures/registration";

describe("padron registration import | status, and kill -9 during an import", () => {
  let database: TestDatabase;
  let scratch: string;
  before(async () => {
    database = await freshDatabase();
    scratch = mkdtempSync(join(tmpdir(), "padron-registration-cli-"));
  });
  after(async () => {
    rmSync(scratch, { recursive: true, force: true });
    await database.close();
  });
  const env = () => ({ ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "silent" });
  const padron = async (...args: string[]) => {
    try {
      const { stdout } = await run(process.execPath, ["bin/padron.js", ...args], { env: env() });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it("import --json prints one line per part: date from the file name, rows, signer", async () => {
    const part = join(scratch, "l_RFC_2018_02_11_1.txt.gz");
    copyFileSync(`${FIXTURES}/datasample-signed.txt.gz`, part);
    const { code, stdout } = await padron("registration", "import", part, "--json");
    assert.equal(code, 0);
    assert.deepEqual(
      stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line)),
      [
        {
          list: "rfc",
          date: "2018-02-11",
          status: "imported",
          file: "l_RFC_2018_02_11_1.txt.gz",
          rows: 100,
          skipped: 0,
          signer: {
            subject:
              "OU=CSD01_AAA010101AAA,serialNumber=\\ / HEGT761003MDFRNN09,x500UniqueIdentifier=AAA010101AAA / HEGT7610034S2,O=ACCEM SERVICIOS EMPRESARIALES SC,name=ACCEM SERVICIOS EMPRESARIALES SC,CN=ACCEM SERVICIOS EMPRESARIALES SC",
            serial: "30001000000300023708",
          },
        },
      ],
    );
  });

  it("a file named otherwise needs --date; status --json shows the published date and row count", async () => {
    const unnamed = await padron("registration", "import", `${FIXTURES}/datasample-contents-2.txt`);
    assert.equal(unnamed.code, 1);
    assert.match(unnamed.stderr ?? "", /give --date/);
    const dated = await padron(
      "registration",
      "import",
      `${FIXTURES}/datasample-contents-2.txt`,
      "--date",
      "2018-02-12",
    );
    assert.match(
      dated.stdout,
      /l_RFC 2018-02-12: imported, 100 rows \(1 added, 1 removed, 0 restored, 3 flags changed\)/,
    );
    const status = JSON.parse((await padron("registration", "status", "--json")).stdout);
    assert.deepEqual(
      status.map((s: { mode: string; list: string; date: string; rows: number; first_date: string }) => [
        s.mode,
        s.list,
        s.date,
        s.rows,
        s.first_date,
      ]),
      [
        ["live", "rfc", "2018-02-12", 100, "2018-02-11"],
        ["live", "certificates", null, 0, null],
        ["sandbox", "rfc", null, 0, null],
        ["sandbox", "certificates", null, 0, null],
      ],
    );
  });

  it("a refused part is one line naming the part and why, with nothing written", async () => {
    const statusNow = async () => (await padron("registration", "status", "--json")).stdout;
    const before = await statusNow();
    const signed = readFileSync(`${FIXTURES}/datasample-signed.txt.gz`);
    const truncated = join(scratch, "l_RFC_2018_03_01_1.txt.gz");
    writeFileSync(truncated, signed.subarray(0, signed.length >> 1));
    const headless = join(scratch, "l_RFC_2018_03_02_1.txt");
    writeFileSync(headless, "RFC|SNCF\r\nAAA010101AAA|0\r\n", "latin1");
    for (const [file, why] of [
      [truncated, /the gzip stream is broken or truncated \(.+\)/],
      [headless, /not a registered-RFC list: the first line is not RFC\|SNCF\|SUBCONTRATACION/],
    ] as const) {
      const refused = await padron("registration", "import", file);
      assert.equal(refused.code, 1);
      const [line, ...more] = (refused.stderr ?? "").split("\n");
      assert.match(
        line,
        new RegExp(`^padron registration import: ${basename(file).replaceAll(".", "\\.")}: `),
      );
      assert.match(line, why);
      assert.deepEqual(more, [""], "one line, no stack");
    }
    assert.equal(await statusNow(), before);
  });

  it("a --date or a part name that is no day is refused, not read as another day", async () => {
    const before = (await padron("registration", "status", "--json")).stdout;
    const contents = `${FIXTURES}/datasample-contents-2.txt`;
    for (const date of ["2018-02-30", "2018-13-01", "2018-2-1"]) {
      const refused = await padron("registration", "import", contents, "--date", date);
      assert.equal(refused.code, 1);
      assert.equal(
        refused.stderr,
        `padron registration import: --date must be a day that exists, as YYYY-MM-DD, got "${date}"\n`,
      );
    }
    const misnamed = join(scratch, "l_RFC_2018_02_30_1.txt");
    copyFileSync(contents, misnamed);
    assert.match((await padron("registration", "import", misnamed)).stderr ?? "", /or give --date\n$/);
    assert.equal((await padron("registration", "status", "--json")).stdout, before);
  });

  it("kill -9 in the middle of an import: the previous date is served and the import runs again", async () => {
    const rows = 300_000;
    const lines = ["RFC|SNCF|SUBCONTRATACION"];
    for (let i = 0; i < rows; i++) lines.push(`${unpackRfc(1_000_000_000 * (i + 1))}|0|${i % 2}`);
    const big = join(scratch, "l_RFC_2018_02_13_1.txt");
    writeFileSync(big, `${lines.join("\r\n")}\r\nEOF\r\n`, "latin1");
    const child = spawn(process.execPath, ["bin/padron.js", "registration", "import", big], { env: env() });
    const exited = once(child, "exit");
    for (let i = 0; i < 600; i++) {
      const written = await database.db
        .selectFrom("registered_rfc_changes")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("list_date", "=", dayOf("2018-02-13"))
        .executeTakeFirstOrThrow();
      if (Number(written.n) > 0 || child.exitCode !== null) break;
      await sleep(50);
    }
    assert.equal(child.exitCode, null, "the import was still running when killed");
    child.kill("SIGKILL");
    await exited;
    const served = (await readRegistration(database.db, "live", "CIFM750811MFA")).status;
    assert.equal(served.listDate, dayOf("2018-02-12"));
    assert.equal(served.removedOn, dayOf("2018-02-12"));
    assert.equal(
      (await readRegistration(database.db, "live", lines[1].split("|")[0])).status.registered,
      false,
    );
    const again = await padron("registration", "import", big, "--json");
    assert.equal(again.code, 0, again.stderr);
    const [result] = again.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    assert.equal(result.status, "imported");
    assert.deepEqual(result.changes, { added: rows, removed: 100, restored: 0, flags: 0, duplicates: 0 });
    const now = (await readRegistration(database.db, "live", lines[2].split("|")[0])).status;
    assert.deepEqual([now.registered, now.subcontracting, now.listDate], [true, true, dayOf("2018-02-13")]);
    assert.equal(
      (await readRegistration(database.db, "live", "CIFM750811MFA")).status.removedOn,
      dayOf("2018-02-12"),
    );
  });
});
