import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";

const run = promisify(execFile);
let database: TestDatabase;
let cwd: string;
before(async () => {
  database = await freshDatabase();
  cwd = mkdtempSync(join(tmpdir(), "padron-live-sync-"));
});
after(async () => {
  await database.close();
  rmSync(cwd, { recursive: true, force: true });
});

/** A command's exit code and output, run in a folder of its own with `env` on top of the test's. */
async function padron(env: Record<string, string>, ...args: string[]) {
  return run(process.execPath, [resolve("bin/padron.js"), ...args], {
    cwd,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      LOG_LEVEL: "silent",
      REGISTRATION_DOWNLOAD_DIR: join(cwd, "downloads"),
      SANDBOX_SIZE: "100",
      ...env,
    },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** Rows of the live lists, registered RFCs and certificates: what live keys are answered from. */
async function liveRows(): Promise<number> {
  const counts = await Promise.all(
    (["list_versions", "registration_imports"] as const).map((table) =>
      database.db.selectFrom(table).select("mode").where("mode", "=", "live").execute(),
    ),
  );
  return counts.flat().length;
}

test("a live sync with its live URL set empty is refused: the sandbox's lists never go live", async () => {
  for (const [command, setting] of [
    ["lists", "LISTS_LIVE_BASE_URL"],
    ["registration", "REGISTRATION_LIVE_BASE_URL"],
  ]) {
    const ran = await padron({ [setting]: "" }, command, "sync", "--mode", "live", "--json");
    assert.equal(ran.code, 1, `${command} sync: ${ran.stdout.slice(0, 200)}`);
    assert.equal(
      ran.stderr,
      `padron ${command} sync: no live source: ${setting} is empty; set it or give --url\n`,
    );
    assert.equal(ran.stdout, "");
  }
  assert.equal(await liveRows(), 0);
  assert.deepEqual(readdirSync(cwd), [], "nothing written in the working folder");
});
