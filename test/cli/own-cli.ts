import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before } from "node:test";
import { promisify } from "node:util";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";

const run = promisify(execFile);

/**
 * A test file's own database and empty working folder, and `padron …` run in them (exit code and
 * output). The folder must be empty at the end: the CLI writes nowhere it was not told to.
 */
export function ownCli(name: string) {
  const own = { database: undefined as unknown as TestDatabase, cwd: "" };
  before(async () => {
    own.database = await freshDatabase();
    own.cwd = mkdtempSync(join(tmpdir(), `padron-${name}-`));
  });
  after(async () => {
    await own.database.close();
    assert.deepEqual(readdirSync(own.cwd), [], "nothing written in the working folder");
    rmSync(own.cwd, { recursive: true, force: true });
  });
  const padron = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, [resolve("bin/padron.js"), ...args], {
      cwd: own.cwd,
      env: { ...process.env, DATABASE_URL: own.database.url, LOG_LEVEL: "silent", ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  return Object.assign(own, { padron });
}
