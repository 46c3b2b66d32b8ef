import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { startTestApp } from "../helpers/app.ts";
import { freshDatabase } from "../helpers/database.ts";

const TOKEN = "metrics-token-of-this-test-0123456789";

test("without METRICS_TOKEN, /metrics answers loopback only, never a forwarded or remote request", async () => {
  const padron = await startTestApp();
  try {
    const scrape = (extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
      padron.app.inject({ method: "GET", url: "/metrics", ...extra });
    assert.equal((await scrape()).statusCode, 200);
    const remote = await scrape({ remoteAddress: "203.0.113.5" });
    assert.equal(remote.statusCode, 401);
    assert.equal(remote.json().code, "unauthorized");
    assert.equal((await scrape({ headers: { "x-forwarded-for": "203.0.113.5" } })).statusCode, 401);
    assert.equal((await scrape({ headers: { forwarded: "for=203.0.113.5" } })).statusCode, 401);
  } finally {
    await padron.close();
  }
});

test("with METRICS_TOKEN, /metrics needs the Bearer token, from anywhere", async () => {
  const padron = await startTestApp({ METRICS_TOKEN: TOKEN });
  try {
    const scrape = (headers: Record<string, string>, remoteAddress = "127.0.0.1") =>
      padron.app.inject({ method: "GET", url: "/metrics", headers, remoteAddress });
    const missing = await scrape({});
    assert.equal(missing.statusCode, 401);
    assert.match(String(missing.headers["www-authenticate"]), /^Bearer/);
    assert.equal((await scrape({ authorization: `Bearer ${TOKEN}x` })).statusCode, 401);
    assert.equal((await scrape({ authorization: TOKEN })).statusCode, 401);
    const scraped = await scrape({ authorization: `Bearer ${TOKEN}` }, "203.0.113.5");
    assert.equal(scraped.statusCode, 200);
    assert.match(scraped.body, /padron_http_requests_total/);
  } finally {
    await padron.close();
  }
});

test("padron serve: one sandbox behind /sandbox and its own port, none of it in /openapi.json or /docs", async () => {
  const database = await freshDatabase();
  const cwd = mkdtempSync(join(tmpdir(), "padron-serve-"));
  const child = spawn(process.execPath, [resolve("bin/padron.js"), "serve", "--port", "0", "--no-worker"], {
    cwd,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      DEMO_USER: "surfaces@padron.local",
      SANDBOX_PORT: "0",
      SANDBOX_SIZE: "100",
      SANDBOX_TIME_SCALE: "0",
      UPSTREAM_RETRIES: "0",
      LOG_LEVEL: "silent",
      METRICS_TOKEN: TOKEN,
    },
  });
  try {
    let output = "";
    const { api, key, sandbox } = await new Promise<{ api: string; key: string; sandbox: string }>(
      (done, fail) => {
        child.stdout.on("data", (chunk) => {
          output += chunk;
          const started = /curl -s (\S+)\/v1\/account -H 'x-api-key: (pdr_test_\w+)'/.exec(output);
          const upstreams = /sandbox upstreams at (\S+)\)/.exec(output);
          if (started && upstreams) done({ api: started[1], key: started[2], sandbox: upstreams[1] });
        });
        child.stderr.on("data", (chunk) => {
          output += chunk;
        });
        child.on("exit", (code) => fail(new Error(`serve exited ${code}: ${output}`)));
      },
    );
    const verify = async () => {
      const response = await fetch(`${api}/v1/rfc/verify`, {
        method: "POST",
        headers: { "x-api-key": key, "content-type": "application/json" },
        body: JSON.stringify({ rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", zip: "86035" }),
      });
      assert.equal(response.status, 200);
      return ((await response.json()) as { valid: boolean | null }).valid;
    };
    const faults = await fetch(`${api}/sandbox/_control/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ padron: { share: 1, kinds: ["error5xx"] } }),
    });
    assert.equal(faults.status, 200);
    const seenOnItsPort = await (await fetch(`${sandbox}/_control/faults`)).json();
    assert.deepEqual(seenOnItsPort, { padron: { share: 1, kinds: ["error5xx"] } });
    assert.equal(await verify(), null, "the test key's sandbox fails as told on the serve port");
    assert.equal((await fetch(`${api}/sandbox/_control/faults`, { method: "DELETE" })).status, 200);
    assert.equal(await verify(), true);

    const document = (await (await fetch(`${api}/openapi.json`)).json()) as { paths: object };
    const paths = Object.keys(document.paths);
    assert.ok(paths.includes("/v1/rfc/verify"));
    assert.deepEqual(
      paths.filter((path) => !path.startsWith("/v1/")),
      [],
    );
    const docs = await (await fetch(`${api}/docs`)).text();
    assert.doesNotMatch(docs, /_control|\/sandbox/);
    assert.equal((await fetch(`${api}/metrics`)).status, 401);
    const scraped = await fetch(`${api}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(scraped.status, 200);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(cwd, { recursive: true, force: true });
    await database.close();
  }
});
