import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { PadronApp } from "../../src/app.ts";
import { formClient } from "../dashboard/form-client.ts";
import { startTestApp } from "../helpers/app.ts";
import { freePort } from "../helpers/free-port.ts";
import { mintOwner } from "../helpers/owners.ts";

/** A Redis of this test's own, which it stops, freezes and starts again. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", ""], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  for await (const chunk of child.stdout ?? []) {
    output += chunk;
    if (/Ready to accept connections/.test(output)) break;
  }
  child.stdout?.resume();
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGKILL");
  await exited;
}

const account = (app: PadronApp["app"], key: string) =>
  app.inject({ method: "GET", url: "/v1/account", headers: { "x-api-key": key } }).then((r) => r.statusCode);
const readyRedis = async (app: PadronApp["app"]) => (await app.inject({ url: "/readyz" })).json().redis;

test("Redis at a dead port: the API and login limits count per process, /readyz and /metrics say so", async () => {
  const port = await freePort();
  const padron = await startTestApp({
    REDIS_URL: `redis://127.0.0.1:${port}`,
    RATE_LIMIT_PER_MINUTE: "3",
    DASHBOARD_LOGIN_PER_MINUTE: "3",
  });
  try {
    const base = await padron.listen();
    const owner = await mintOwner(padron.database.db);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await fetch(`${base}/v1/account`, { headers: { "x-api-key": owner.key } })).status);
    assert.deepEqual(statuses, [200, 200, 200, 429]);

    const client = formClient(base);
    const _csrf = await client.csrfOf("/login");
    const logins = [];
    for (let i = 0; i < 4; i++)
      logins.push(
        (await client.post("/login", { _csrf, email: `x${i}@test.padron`, password: "wrong" })).status,
      );
    assert.deepEqual(logins, [401, 401, 401, 429]);

    const ready = await fetch(`${base}/readyz`);
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), {
      status: "ready",
      database: padron.database.engine,
      redis: "degraded",
    });
    const metrics = await (await fetch(`${base}/metrics`)).text();
    assert.match(metrics, /^padron_redis_up 0$/m);
    assert.match(metrics, /^padron_rate_limit_local_total\{limiter="api"\} 4$/m);
    assert.match(metrics, /^padron_rate_limit_local_total\{limiter="login"\} 4$/m);
    const warnings = padron.logs.filter((line) => /"level":40/.test(line) && /Redis/.test(line));
    assert.equal(warnings.length, 1, warnings.join(""));
  } finally {
    await padron.close();
  }
});

test("a real Redis that stops, freezes and returns: limits shared, then per process, then shared again", async () => {
  const port = await freePort();
  let redis = await startRedis(port);
  // Generous (a loaded test machine stalls for a second at times and must not look like a slow Redis);
  // a frozen Redis still reaches it.
  const env = {
    REDIS_URL: `redis://127.0.0.1:${port}`,
    RATE_LIMIT_PER_MINUTE: "4",
    REDIS_COMMAND_TIMEOUT_MS: "2000",
  };
  const first = await startTestApp(env);
  const second = await startTestApp(env, { databaseOf: first });
  const both = [first.app, second.app];
  const alternate = async (key: string, calls: number) => {
    const statuses = [];
    for (let i = 0; i < calls; i++) statuses.push(await account(both[i % 2], key));
    return statuses;
  };
  const untilShared = async () => {
    while ((await readyRedis(first.app)) !== "ok" || (await readyRedis(second.app)) !== "ok") await sleep(50);
  };
  try {
    await untilShared();
    const shared = await mintOwner(first.database.db);
    assert.deepEqual(await alternate(shared.key, 6), [200, 200, 200, 200, 429, 429]);

    await stopRedis(redis);
    const alone = await mintOwner(first.database.db);
    assert.deepEqual(await alternate(alone.key, 10), [200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
    assert.equal(await readyRedis(first.app), "degraded");

    redis = await startRedis(port);
    await untilShared();
    const again = await mintOwner(first.database.db);
    assert.deepEqual(await alternate(again.key, 6), [200, 200, 200, 200, 429, 429]);

    // Frozen: connected but silent, so only the command timeout keeps requests from hanging.
    redis.kill("SIGSTOP");
    const frozen = await mintOwner(first.database.db);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await account(first.app, frozen.key));
    assert.deepEqual(statuses, [200, 200, 200, 200, 429]);
    assert.equal(await readyRedis(first.app), "degraded");
    redis.kill("SIGCONT");
    await untilShared();

    const warnings = first.logs.filter((line) => /"level":40/.test(line) && /Redis/.test(line));
    assert.equal(warnings.length, 2, "one warning per outage");
    assert.equal(first.logs.filter((line) => /Redis answers again/.test(line)).length, 2);
  } finally {
    await second.close();
    await first.close();
    await stopRedis(redis);
  }
});
