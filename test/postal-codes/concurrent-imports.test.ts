import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, test } from "node:test";
import { promisify } from "node:util";
import { parseConfig } from "../../src/config.ts";
import { openDatabase } from "../../src/platform/db/connect.ts";
import { createPostalCodeCatalog } from "../../src/postal-codes/postal-code-catalog.ts";
import { startSandbox } from "../../src/sandbox/server.ts";
import { createUpstreams } from "../../src/upstreams/create-upstreams.ts";
import { freshDatabase } from "../helpers/database.ts";

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "padron-cp-race-"));
const sandbox = await startSandbox({ port: 0, seed: 1, size: 200, timeScale: 0 });
after(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

async function importFile(url: string, path: string) {
  try {
    const ran = await run(
      process.execPath,
      [resolve("bin/padron.js"), "postal-codes", "import", path, "--json"],
      {
        cwd: dir,
        env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" },
      },
    );
    return { code: 0, ...ran };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

const catalogRow = (db: Awaited<ReturnType<typeof freshDatabase>>["db"], mode: "live" | "sandbox") =>
  db.selectFrom("postal_code_imports").select("codes").where("mode", "=", mode).executeTakeFirstOrThrow();

test("three postal-codes imports at once each replace the catalog in turn: all exit 0", async () => {
  const database = await freshDatabase();
  try {
    const file = join(dir, "CPdescarga.txt");
    writeFileSync(
      file,
      Buffer.from(await (await fetch(`${sandbox.url}/sepomex/CPdescarga.txt`)).arrayBuffer()),
    );
    const first = await importFile(database.url, file);
    assert.equal(first.code, 0, first.stderr);
    const runs = await Promise.all([1, 2, 3].map(() => importFile(database.url, file)));
    for (const ran of runs) assert.equal(ran.code, 0, ran.stderr.slice(0, 300));
    const { codes } = JSON.parse(first.stdout);
    assert.equal(Number((await catalogRow(database.db, "live")).codes), codes);
    const stored = await database.db
      .selectFrom("postal_codes")
      .select("zip")
      .where("mode", "=", "live")
      .execute();
    assert.equal(stored.length, codes);
  } finally {
    await database.close();
  }
});

test("two processes' first sandbox find-zips on one database both get the catalog", async () => {
  const database = await freshDatabase();
  const other = openDatabase(database.url);
  const upstreams = createUpstreams({ config: parseConfig({}), sandboxUrl: sandbox.url });
  try {
    const source = upstreams.forMode("test").postalCatalog;
    const catalogs = [database.db, other.db].map((db) =>
      createPostalCodeCatalog(db, { sandboxSource: source, minCodeRatio: 0.9 }),
    );
    const [one, two] = await Promise.all(catalogs.map((catalog) => catalog.codes("sandbox")));
    assert.deepEqual(one, sandbox.population.postalCatalog.codes);
    assert.deepEqual(two, sandbox.population.postalCatalog.codes);
    assert.equal(Number((await catalogRow(database.db, "sandbox")).codes), one?.length);
  } finally {
    await upstreams.close();
    await other.close();
    await database.close();
  }
});
