import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, test } from "node:test";
import { promisify } from "node:util";

const run = promisify(execFile);
const cwd = mkdtempSync(join(tmpdir(), "padron-usage-"));
after(() => {
  assert.deepEqual(readdirSync(cwd), [], "nothing written in the working folder");
  rmSync(cwd, { recursive: true, force: true });
});

async function padron(...args: string[]) {
  return run(process.execPath, [resolve("bin/padron.js"), ...args], {
    cwd,
    env: { ...process.env, DATABASE_URL: `sqlite:${join(cwd, "padron.db")}`, LOG_LEVEL: "silent" },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

test("padron with no command prints the usage to stderr and exits 2, as an unknown command does", async () => {
  const bare = await padron();
  assert.equal(bare.code, 2);
  assert.equal(bare.stdout, "");
  assert.match(bare.stderr, /^usage:\n {2}padron serve /);
  assert.equal((await padron("frobnicate")).code, 2);
  for (const help of ["help", "--help", "-h"]) {
    const asked = await padron(help);
    assert.equal(asked.code, 0, help);
    assert.equal(asked.stderr, bare.stderr);
  }
});
