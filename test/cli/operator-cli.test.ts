import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { logIn } from "../../src/accounts/log-in.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";

const run = promisify(execFile);
let database: TestDatabase;
before(async () => {
  database = await freshDatabase();
});
after(() => database.close());

const env = () => ({ ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "silent" });
async function padron(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ["bin/padron.js", ...args], { env: env() });
  return stdout;
}

test("users, organizations, keys and credits from the CLI", async () => {
  const email = `cli-${Date.now()}@test.padron`;
  const user = JSON.parse(await padron("users", "create", "--email", email, "--json"));
  assert.equal(user.email, email);
  assert.equal(user.credits, 500);
  const org = JSON.parse(
    await padron("orgs", "create", "--name", "Contadores Unidos", "--owner", `user:${email}`, "--json"),
  );
  assert.match(org.slug, /^contadores-unidos/);
  const key = JSON.parse(
    await padron("keys", "create", "--owner", `org:${org.slug}`, "--label", "ci", "--json"),
  );
  assert.match(key.key, /^pdr_live_/);
  const testKey = JSON.parse(
    await padron("keys", "create", "--owner", `user:${email}`, "--label", "dev", "--test", "--json"),
  );
  assert.match(testKey.key, /^pdr_test_/);
  const listed = JSON.parse(await padron("keys", "list", "--owner", `org:${org.slug}`, "--json"));
  assert.deepEqual(
    listed.map((k: { label: string; mode: string }) => [k.label, k.mode]),
    [["ci", "live"]],
  );
  assert.equal(JSON.stringify(listed).includes(key.key), false, "a listing never shows the key");
  assert.match(
    await padron("credits", "grant", "--owner", `org:${org.slug}`, "--credits", "250"),
    /balance 250/,
  );
  await padron("keys", "delete", "--prefix", key.display_prefix);
  assert.deepEqual(JSON.parse(await padron("keys", "list", "--owner", `org:${org.slug}`, "--json")), []);
});

test("bad CLI input fails with a clear message and exit code", async () => {
  await assert.rejects(
    padron("credits", "grant", "--owner", "user:nobody@x.mx", "--credits", "5"),
    (error: { code: number; stderr: string }) => {
      assert.equal(error.code, 1);
      assert.match(error.stderr, /no owner user:nobody@x\.mx/);
      return true;
    },
  );
  await assert.rejects(padron("users", "create"), /--email is required/);
});

/** The exit code and stderr of a command that must fail. */
async function failing(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await padron(...args);
  } catch (error) {
    return error as { code: number; stderr: string };
  }
  throw new Error(`padron ${args.join(" ")} succeeded`);
}

test("mistakes newcomers make get a one-line answer that says what is wrong", async () => {
  const unknown = await failing("frobnicate");
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /^padron: unknown command "frobnicate"\nusage:/);
  assert.match((await failing("keys")).stderr, /unknown command "keys": keys takes create, list, delete/);

  const missing = await failing("cert", "inspect", "no-such-file.cer");
  assert.equal(missing.code, 1);
  assert.equal(
    missing.stderr,
    "padron cert inspect: ENOENT: no such file or directory, open 'no-such-file.cer'\n",
  );

  const badPrefix = await failing("keys", "delete", "--prefix", "a1B2c3");
  assert.match(badPrefix.stderr, /pdr_live_ or pdr_test_ and the 6 characters after it/);
  assert.match(badPrefix.stderr, /got "a1B2c3"/);
  assert.match(
    (await failing("keys", "delete", "--prefix", "pdr_test_zzzzzz")).stderr,
    /no key with prefix pdr_test_zzzzzz/,
  );
});

test("a user created without a password is told how to get one, and can log in after", async () => {
  const email = `nopass-${Date.now()}@test.padron`;
  const created = await run(process.execPath, ["bin/padron.js", "users", "create", "--email", email], {
    env: env(),
  });
  assert.match(created.stdout, /^usr_/);
  assert.match(created.stderr, /cannot log in to the dashboard until one is set: padron users password/);
  assert.equal(await logIn(database.db, { email, password: "a new password" }), null);
  assert.match(
    await padron("users", "password", "--email", email, "--password", "a new password"),
    /can log in to the dashboard/,
  );
  assert.equal((await logIn(database.db, { email, password: "a new password" }))?.email, email);
  assert.match(
    (await failing("users", "password", "--email", email, "--password", "short")).stderr,
    /10 to 200/,
  );
  const withPassword = await run(
    process.execPath,
    ["bin/padron.js", "users", "create", "--email", `has-${email}`, "--password", "long enough password"],
    { env: env() },
  );
  assert.equal(withPassword.stderr, "");
});

type Started = { url: string; key: string; output: string };

/** Runs `padron serve` in `cwd` while `use` looks at the URL and key its curl line printed. */
async function withServe(
  cwd: string,
  use: (started: Started) => Promise<void> = async () => {},
  options: { sandbox?: boolean } = {},
): Promise<Started> {
  const sandbox = options.sandbox ? [] : ["--no-sandbox"];
  const child = spawn(process.execPath, [resolve("bin/padron.js"), "serve", "--port", "0", ...sandbox], {
    cwd,
    env: { ...env(), DEMO_USER: "first-run@padron.local", SANDBOX_PORT: "0" },
  });
  try {
    let output = "";
    const started = await new Promise<Started>((resolveStart, reject) => {
      child.stdout.on("data", (chunk) => {
        output += chunk;
        const match = /curl -s (\S+) -H 'x-api-key: (pdr_test_\w+)'/.exec(output);
        if (match) resolveStart({ url: match[1], key: match[2], output });
      });
      child.on("exit", (code) => reject(new Error(`serve exited ${code}: ${output}`)));
    });
    await use(started);
    return started;
  } finally {
    child.kill("SIGTERM");
    await new Promise((done) => child.once("exit", done));
  }
}

test("serve migrates and prints a sandbox key that works, the same one at every start", async () => {
  const cwd = mkdtempSync(join(tmpdir(), "padron-serve-"));
  try {
    const first = await withServe(cwd);
    assert.match(first.output, /new, and kept for the next starts/);
    await withServe(cwd, async (second) => {
      assert.equal(second.key, first.key);
      assert.match(second.output, /the same at every start/);
      const keyFile = /; in (\S+)\):/.exec(second.output)?.[1] ?? "";
      assert.equal(statSync(resolve(cwd, keyFile)).mode & 0o777, 0o600);
      const response = await fetch(second.url, { headers: { "x-api-key": second.key } });
      assert.equal(response.status, 200);
      const body = (await response.json()) as { owner: { name: string }; key: { mode: string } };
      assert.equal(body.owner.name, "first-run@padron.local");
      assert.equal(body.key.mode, "test");
    });
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
});

test("serve as npm start runs it, with its sandbox: ready, and MCP lists only the API", async () => {
  const cwd = mkdtempSync(join(tmpdir(), "padron-serve-"));
  try {
    await withServe(
      cwd,
      async ({ url, key }) => {
        const origin = new URL(url).origin;
        assert.equal((await fetch(`${origin}/readyz`)).status, 200);
        const listed = await fetch(`${origin}/mcp`, {
          method: "POST",
          headers: {
            "x-api-key": key,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
        });
        assert.equal(listed.status, 200);
        const text = await listed.text();
        const names = [...text.matchAll(/"name":"([^"]+)"/g)].map((match) => match[1]);
        assert.ok(names.includes("rfc_validate"), text.slice(0, 300));
        assert.deepEqual(
          names.filter((name) => name.includes("sandbox")),
          [],
        );
      },
      { sandbox: true },
    );
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
});
