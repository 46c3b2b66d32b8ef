import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { logIn } from "../../src/accounts/log-in.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";

const run = promisify(execFile);
let database: TestDatabase;
let cwd: string;
before(async () => {
  database = await freshDatabase();
  cwd = mkdtempSync(join(tmpdir(), "padron-users-"));
});
after(async () => {
  await database.close();
  assert.deepEqual(readdirSync(cwd), [], "nothing written in the working folder");
  rmSync(cwd, { recursive: true, force: true });
});

async function padron(...args: string[]) {
  return run(process.execPath, [resolve("bin/padron.js"), ...args], {
    cwd,
    env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "silent" },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

test("users create takes the password rule of users password and sign-up: 10 to 200 characters", async () => {
  for (const password of ["short", "", "x".repeat(201)]) {
    const email = `short-${randomSuffix()}@test.padron`;
    const ran = await padron("users", "create", "--email", email, "--password", password);
    assert.equal(ran.code, 1, `created ${ran.stdout}`);
    assert.equal(ran.stderr, "padron users create: the password must have 10 to 200 characters\n");
    const user = await database.db.selectFrom("users").select("id").where("email", "=", email).execute();
    assert.deepEqual(user, [], "no user created");
    assert.equal(await logIn(database.db, { email, password }), null);
  }
  const email = `ten-${randomSuffix()}@test.padron`;
  const ran = await padron("users", "create", "--email", email, "--password", "0123456789");
  assert.equal(ran.code, 0, ran.stderr);
  assert.equal((await logIn(database.db, { email, password: "0123456789" }))?.email, email);
});

const randomSuffix = () => Math.random().toString(36).slice(2);
