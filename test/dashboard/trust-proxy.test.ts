import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { parseConfig } from "../../src/config.ts";
import { startTestApp } from "../helpers/app.ts";
import { formClient } from "./form-client.ts";

// Two people behind one load balancer (the test's loopback address), told apart by X-Forwarded-For.
async function loginStatuses(env: Record<string, string>) {
  const padron = await startTestApp({ DASHBOARD_LOGIN_PER_MINUTE: "3", ...env });
  try {
    const base = await padron.listen();
    const attempt = async (client: ReturnType<typeof formClient>) => {
      const _csrf = await client.csrfOf("/login");
      const email = `user-${randomUUID()}@test.padron`;
      return (await client.post("/login", { _csrf, email, password: "not the password" })).status;
    };
    const first = formClient(base, { "x-forwarded-for": "203.0.113.7" });
    const second = formClient(base, { "x-forwarded-for": "198.51.100.9" });
    const firstStatuses = [await attempt(first), await attempt(first), await attempt(first)];
    const secondStatus = await attempt(second);
    const loggedAddresses = padron.logs
      .filter((line) => line.includes('"url":"/login"'))
      .map((line) => JSON.parse(line).req?.remoteAddress);
    return { firstStatuses, secondStatus, loggedAddresses };
  } finally {
    await padron.close();
  }
}

test("with TRUST_PROXY naming the proxy, X-Forwarded-For gives each client its own login bucket and log address", async () => {
  const trusted = await loginStatuses({ TRUST_PROXY: "127.0.0.1" });
  assert.deepEqual(trusted.firstStatuses, [401, 401, 401]);
  assert.equal(trusted.secondStatus, 401);
  assert.ok(trusted.loggedAddresses.includes("203.0.113.7"));
  assert.ok(trusted.loggedAddresses.includes("198.51.100.9"));
});

test("without TRUST_PROXY, X-Forwarded-For is ignored: clients behind the proxy share one bucket", async () => {
  const untrusted = await loginStatuses({});
  assert.deepEqual(untrusted.firstStatuses, [401, 401, 401]);
  assert.equal(untrusted.secondStatus, 429);
  assert.deepEqual([...new Set(untrusted.loggedAddresses)], ["127.0.0.1"]);
});

test("a proxy named by another address is not trusted: its X-Forwarded-For is ignored", async () => {
  const other = await loginStatuses({ TRUST_PROXY: "10.0.0.0/8" });
  assert.equal(other.secondStatus, 429);
});

test("TRUST_PROXY takes true, false, addresses, CIDRs and presets; a hop count or a name is refused", () => {
  const parse = (value: string) => parseConfig({ TRUST_PROXY: value }).server.trustProxy;
  assert.equal(parse("false"), false);
  assert.equal(parse("true"), true);
  assert.equal(parse("10.0.0.1, 10.1.0.0/16,::1,loopback"), "10.0.0.1,10.1.0.0/16,::1,loopback");
  assert.equal(parseConfig({}).server.trustProxy, false);
  for (const bad of ["1", "2", "proxy.internal", "10.0.0.0/99", "10.0.0.1,"])
    assert.throws(() => parse(bad), /TRUST_PROXY/, bad);
});
