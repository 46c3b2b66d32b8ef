import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, test } from "node:test";
import { promisify } from "node:util";
import { freshDatabase } from "../helpers/database.ts";

const run = promisify(execFile);
const database = await freshDatabase();
const scratch = mkdtempSync(join(tmpdir(), "padron-empty-list-"));
after(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await database.close();
});

const HEADER = "RFC,RAZON SOCIAL,TIPO PERSONA,SUPUESTO,FECHA DE PRIMERA PUBLICACION,ENTIDAD FEDERATIVA\r\n";
const headerOnly = join(scratch, "Firmes.csv");
writeFileSync(headerOnly, HEADER);

async function padron(...args: string[]) {
  const env = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "silent" };
  try {
    const { stdout } = await run(process.execPath, [resolve("bin/padron.js"), ...args], {
      env,
      cwd: scratch,
    });
    return { code: 0, stdout };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

const loadedLists = async (mode: string) =>
  (
    await database.db
      .selectFrom("list_current")
      .select("list_key")
      .where("mode", "=", mode as "live")
      .execute()
  ).map((row) => row.list_key);

test("a header-only first list is refused in one line, the list still not loaded", async () => {
  const ran = await padron("lists", "import", headerOnly);
  assert.equal(ran.code, 1);
  assert.match(ran.stdout, /^.*Firmes\.csv: 69\/\S+ rejected, 0 rows \(no rows: [^\n]*\)\n$/);
  assert.deepEqual(await loadedLists("live"), []);
  const versions = await database.db.selectFrom("list_versions").select("id").execute();
  assert.deepEqual(versions, [], "nothing written");
});

test("--force loads it; a sandbox list is refused alike", async () => {
  assert.equal((await padron("lists", "import", headerOnly, "--force")).code, 0);
  assert.equal((await loadedLists("live")).length, 1);
  assert.equal((await padron("lists", "import", headerOnly, "--mode", "sandbox")).code, 1);
  assert.deepEqual(await loadedLists("sandbox"), []);
});
