import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import pg from "pg";
import { openDatabase } from "../../src/platform/db/connect.ts";
import { migrateToLatest } from "../../src/platform/db/migrate.ts";
import { startTestApp } from "../helpers/app.ts";
import { freshDatabase, TEST_ENGINE } from "../helpers/database.ts";

const PG_URL = process.env.PADRON_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function asAdmin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** PostgreSQL: the database turns read-only for new sessions, and the current ones are ended. */
async function setReadOnly(url: string, readOnly: boolean): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await asAdmin(`alter database ${name} set default_transaction_read_only = ${readOnly ? "on" : "off"}`);
  await asAdmin(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
  );
}

/** A migrated database that answers reads and refuses writes, and how to remove it afterwards. */
async function readOnlyDatabase(): Promise<{ url: string; where: RegExp; cleanUp(): Promise<void> }> {
  if (TEST_ENGINE === "postgres") {
    const database = await freshDatabase();
    await setReadOnly(database.url, true);
    const name = new URL(database.url).pathname.slice(1);
    return { url: database.url, where: new RegExp(`/${name}\\b`), cleanUp: () => database.close() };
  }
  const dir = mkdtempSync(join(tmpdir(), "padron-ro-"));
  const file = join(dir, "padron.db");
  const handle = openDatabase(`sqlite:${file}`);
  await migrateToLatest(handle);
  await handle.close();
  // Its directory stays writable (SQLite may add its -wal and -shm files); the file itself is not.
  chmodSync(dir, 0o777);
  chmodSync(file, 0o444);
  return {
    url: `sqlite:${file}`,
    where: new RegExp(file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    cleanUp: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

test("serve refuses to start on a database that refuses writes, naming it", async () => {
  const database = await readOnlyDatabase();
  // root writes through file permissions: the service runs as an unprivileged user, as in production.
  const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const child = spawn(process.execPath, [resolve("bin/padron.js"), "serve", "--port", "0", "--no-sandbox"], {
    ...asUser,
    cwd: tmpdir(),
    env: { ...process.env, DATABASE_URL: database.url, DEMO_USER: "", LOG_LEVEL: "info" },
  });
  try {
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk;
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const outcome = await new Promise<string>((done) => {
      child.on("exit", (code) => done(`exit ${code}`));
      child.stdout.on("data", () => {
        if (/Server listening/.test(output)) done("started");
      });
    });
    assert.equal(outcome, "exit 1", output);
    assert.match(output, /refuses writes/);
    assert.match(output, database.where);
    assert.doesNotMatch(output, /\n\s+at /, "one line for the operator, no stack");
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGKILL");
      await exited;
    }
    await database.cleanUp();
  }
});

test("/readyz answers 503 while the database refuses writes, and ready again once it takes them", async () => {
  const padron = await startTestApp();
  const readOnly = async (on: boolean) => {
    if (TEST_ENGINE === "postgres") await setReadOnly(padron.database.url, on);
    else await sql.raw(`pragma query_only = ${on ? "on" : "off"}`).execute(padron.database.db);
  };
  // On PostgreSQL the test ends the pool's sessions: a query may meet one before the pool drops it.
  const readyz = async () => {
    for (let attempt = 0; ; attempt++) {
      const answer = await padron.app.inject({ url: "/readyz" });
      if (attempt === 10 || !/not reachable/.test(answer.body)) return answer;
      await sleep(50);
    }
  };
  try {
    assert.equal((await readyz()).statusCode, 200);
    await readOnly(true);
    const refused = await readyz();
    assert.equal(refused.statusCode, 503);
    assert.equal(refused.json().code, "unavailable");
    assert.match(refused.json().detail, /refuses writes/);
    await readOnly(false);
    const ready = await readyz();
    assert.equal(ready.statusCode, 200);
    assert.equal(ready.json().status, "ready");
  } finally {
    await padron.close();
  }
});
