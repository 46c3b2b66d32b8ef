import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, test } from "node:test";
import { promisify } from "node:util";
import iconv from "iconv-lite";
import { freshDatabase } from "../helpers/database.ts";

const run = promisify(execFile);
const database = await freshDatabase();
const dir = mkdtempSync(join(tmpdir(), "padron-cp-guard-"));
after(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const HEADER = "d_codigo|d_asenta|d_tipo_asenta|D_mnpio|d_estado|c_estado|c_mnpio";
const zips = Array.from({ length: 40 }, (_, i) => String(20_000 + i * 10));

function writeCatalog(name: string, codes: readonly string[]): string {
  const path = join(dir, name);
  const rows = codes.map((zip) => `${zip}|Centro|Colonia|Aguascalientes|Aguascalientes|01|001`);
  writeFileSync(path, iconv.encode(["Catálogo", HEADER, ...rows, ""].join("\r\n"), "latin1"));
  return path;
}

async function importFile(path: string, ...args: string[]) {
  try {
    const ran = await run(
      process.execPath,
      [resolve("bin/padron.js"), "postal-codes", "import", path, ...args],
      {
        cwd: dir,
        env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "silent" },
      },
    );
    return { code: 0, ...ran };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

const liveCodes = async () =>
  (await database.db.selectFrom("postal_codes").select("zip").where("mode", "=", "live").execute()).length;

test("a truncated SEPOMEX file is refused in one line, the live catalog kept; --force imports it", async () => {
  assert.equal((await importFile(writeCatalog("CPdescarga.txt", zips), "--json")).code, 0);
  const cut = writeCatalog("CPdescarga-truncated.txt", zips.slice(0, 3));

  const refused = await importFile(cut, "--json");
  assert.equal(refused.code, 1);
  assert.equal(refused.stdout, "");
  assert.match(
    refused.stderr,
    /^padron postal-codes import: .*CPdescarga-truncated\.txt refused: 3 postal codes against 40 in the current live catalog \(below 0\.9 of it\); --force imports it\n$/,
  );
  assert.equal(await liveCodes(), 40);
  const status = await database.db
    .selectFrom("postal_code_imports")
    .select(["codes", "source"])
    .where("mode", "=", "live")
    .executeTakeFirstOrThrow();
  assert.deepEqual(
    { codes: Number(status.codes), source: status.source },
    { codes: 40, source: "CPdescarga.txt" },
  );

  const forced = await importFile(cut, "--force", "--json");
  assert.equal(forced.code, 0, forced.stderr);
  assert.deepEqual(JSON.parse(forced.stdout), { mode: "live", codes: 3, settlements: 3 });
  assert.equal(await liveCodes(), 3);
});

test("a catalog that shrinks less than the ratio allows replaces the current one", async () => {
  const ran = await importFile(writeCatalog("next.txt", zips.slice(0, 3).concat("99990")), "--json");
  assert.equal(ran.code, 0, ran.stderr);
  assert.equal(await liveCodes(), 4);
});
