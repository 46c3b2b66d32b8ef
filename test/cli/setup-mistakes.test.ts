import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { promisify } from "node:util";
import { TEST_ENGINE } from "../helpers/database.ts";

const run = promisify(execFile);
const PG_URL = process.env.PADRON_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const dir = mkdtempSync(join(tmpdir(), "padron-unusable-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A command's exit code and what it wrote to stderr, run with `env` on top of the test's own. */
async function failing(env: Record<string, string>, ...args: string[]) {
  const result = await run(process.execPath, ["bin/padron.js", ...args], {
    env: { ...process.env, LOG_LEVEL: "silent", DEMO_USER: "", ...env },
  }).then(
    () => ({ code: 0, stderr: "" }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
  assert.doesNotMatch(result.stderr, /^\s+at /m, "the operator's setup is told in words, without a stack");
  return result;
}

test("bad settings are listed, one per line, with no stack", async () => {
  const { code, stderr } = await failing({ DATABASE_URL: "mysql://x", PORT: "abc" }, "keys", "list");
  assert.equal(code, 1);
  assert.match(stderr, /^padron keys list: Invalid configuration:\n/);
  assert.match(stderr, /\n {2}PORT must be integer, got "abc"\n/);
  assert.match(stderr, /\n {2}DATABASE_URL must start with sqlite: or postgres:\/\/, got "mysql:\/\/x"\n/);
});

// What a wrong DATABASE_URL gives on each engine: for SQLite a directory and a file that is not a
// database; for PostgreSQL a database that does not exist and a role that does not exist.
const wrongDatabases =
  TEST_ENGINE === "postgres"
    ? [
        {
          url: Object.assign(new URL(PG_URL), { pathname: "/padron_no_such_db" }).href,
          says: /padron_no_such_db/,
        },
        {
          url: Object.assign(new URL(PG_URL), { username: "padron_no_such_role" }).href,
          says: /padron_no_such_role/,
        },
      ]
    : [
        { url: `sqlite:${dir}`, says: /unable to open database file/ },
        { url: `sqlite:${join(dir, "notes.txt")}`, says: /file is not a database/ },
      ];

test(`a database that cannot be used is named in one line by every command (${TEST_ENGINE})`, async () => {
  writeFileSync(
    join(dir, "notes.txt"),
    "not a database, but some notes long enough to have a header page\n".repeat(20),
  );
  for (const { url, says } of wrongDatabases)
    for (const command of [["serve", "--port", "0", "--no-sandbox"], ["migrate"], ["keys", "list"]]) {
      const { code, stderr } = await failing({ DATABASE_URL: url }, ...command);
      assert.equal(code, 1, stderr);
      assert.match(stderr, new RegExp(`^padron ${command[0]}( list)?: The database \\S+ cannot be used: `));
      assert.match(stderr, says);
      assert.match(stderr, /Check DATABASE_URL\.\n$/);
    }
});

test("a port another process holds is named with the setting that chose it", async () => {
  const holder = createServer().listen(0, "127.0.0.1");
  await once(holder, "listening");
  const port = String((holder.address() as AddressInfo).port);
  const database = `sqlite:${join(dir, "ports.db")}`;
  try {
    const api = await failing({ DATABASE_URL: database, PORT: port }, "serve", "--no-sandbox");
    assert.equal(api.code, 1);
    assert.match(
      api.stderr,
      new RegExp(`^padron serve: listen EADDRINUSE: .*:${port}: .*stop it or set PORT\n$`),
    );
    const sandbox = await failing({ DATABASE_URL: database, PORT: "0", SANDBOX_PORT: port }, "serve");
    assert.equal(sandbox.code, 1);
    assert.match(sandbox.stderr, new RegExp(`:${port}: .*stop it or set SANDBOX_PORT\n$`));
  } finally {
    holder.close();
  }
});

test("a sync --url that is not an http(s) URL is refused in one line", async () => {
  const database = `sqlite:${join(dir, "urls.db")}`;
  for (const [command, url] of [
    ["lists", "notaurl"],
    ["registration", "ftp://example.com/lco"],
  ]) {
    const { code, stderr } = await failing({ DATABASE_URL: database }, command, "sync", "--url", url);
    assert.equal(code, 1);
    assert.equal(stderr, `padron ${command} sync: --url must be an http(s) URL, got "${url}"\n`);
  }
});
