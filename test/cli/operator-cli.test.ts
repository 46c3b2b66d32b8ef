import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";

const run = promisify(execFile);
let database: TestDatabase;
before(async () => {
  database = await freshDatabase();
});
after(() => database.close());

const env = () => ({ ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "silent" });
async function padron(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ["src/main.ts", ...args], { env: env() });
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

test("serve migrates, prints a sandbox key and a curl that answers 200", async () => {
  const child = spawn(process.execPath, ["src/main.ts", "serve", "--port", "0", "--no-sandbox"], {
    env: { ...env(), DEMO_USER: "first-run@padron.local" },
  });
  try {
    let output = "";
    const curl = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk) => {
        output += chunk;
        const match = /curl -s (\S+) -H 'x-api-key: (pdr_test_\w+)'/.exec(output);
        if (match) resolve(`${match[1]} ${match[2]}`);
      });
      child.on("exit", (code) => reject(new Error(`serve exited ${code}: ${output}`)));
    });
    const [url, key] = curl.split(" ");
    const response = await fetch(url, { headers: { "x-api-key": key } });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { owner: { name: string }; key: { mode: string } };
    assert.equal(body.owner.name, "first-run@padron.local");
    assert.equal(body.key.mode, "test");
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
});
