import assert from "node:assert/strict";
import { hostname } from "node:os";
import { after, before, test } from "node:test";
import { isPublicAddress } from "../../src/webhooks/is-public-address.ts";
import { createWebhookAgents, sendWebhook } from "../../src/webhooks/send-webhook.ts";
import { newWebhookSecret } from "../../src/webhooks/sign-webhook.ts";
import { vetWebhookUrl } from "../../src/webhooks/vet-webhook-url.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { mountTestOperation } from "../requests/fixtures/mount-test-operation.ts";
import { startReceiver } from "./receiver.ts";

let app: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const agents = createWebhookAgents();
before(async () => {
  app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "false" }, { setup: mountTestOperation, listen: true });
  receiver = await startReceiver();
});
after(async () => {
  await agents.close();
  await receiver.close();
  await app.close();
});

test("every private, loopback or special target is refused at acceptance: 422, nothing charged, nothing sent", async () => {
  const owner = await mintOwner(app.database.db, { credits: 100 });
  const port = receiver.port;
  const hosts = [
    "127.0.0.1",
    "localhost",
    "10.0.0.1",
    "172.16.0.1",
    "192.168.1.1",
    "100.64.0.1",
    "169.254.169.254",
    "0.0.0.0",
    "[::1]",
    "[::ffff:127.0.0.1]",
    "[fd00::1]",
    "2130706433",
    "0x7f000001",
    "127.1",
    "0177.0.0.1",
    hostname(), // a name that resolves to a loopback address on this machine (/etc/hosts)
    "[fe80::1]",
    "224.0.0.1",
    "192.0.2.10",
    "[2001:db8::1]",
    "[fd00:ec2::254]",
  ];
  app.startWorker();
  for (const host of hosts) {
    const response = await app.call(owner.key, "POST", "/v1/test/batch", {
      records: [{ id: "x" }],
      webhook_url: `http://${host}:${port}/hook`,
    });
    assert.equal(response.status, 422, host);
    assert.equal(response.body.code, "invalid_webhook_url", host);
  }
  const balance = await app.database.db
    .selectFrom("balances")
    .select("credits")
    .where("owner_id", "=", owner.ownerId)
    .executeTakeFirstOrThrow();
  assert.equal(Number(balance.credits), 100);
  assert.equal((await app.database.db.selectFrom("jobs").select("id").execute()).length, 0);
  assert.equal(receiver.received.length, 0);
});

test("address classification: only global unicast is public", () => {
  const table: [string, boolean][] = [
    ["8.8.8.8", true],
    ["2606:4700::1111", true],
    ["127.0.0.1", false],
    ["10.1.2.3", false],
    ["172.31.255.255", false],
    ["192.168.0.1", false],
    ["100.127.0.1", false],
    ["169.254.169.254", false],
    ["0.0.0.0", false],
    ["255.255.255.255", false],
    ["198.51.100.7", false],
    ["203.0.113.7", false],
    ["::", false],
    ["::1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:10.0.0.1", false],
    ["fd00::1", false],
    ["fe80::1", false],
    ["ff02::1", false],
    ["2001:db8::1", false],
    ["64:ff9b::7f00:1", false],
    ["2002:7f00:1::1", false],
    ["not an ip", false],
  ];
  for (const [address, expected] of table) assert.equal(isPublicAddress(address), expected, address);
});

// Every form of IPv6 that carries an IPv4 address, judged by the IPv4 it carries.
const EMBEDDED: [string, boolean][] = [
  ["::7f00:1", false], // IPv4-compatible ::/96: 127.0.0.1
  ["::a9fe:a9fe", false], // 169.254.169.254, the metadata address
  ["::a00:1", false], // 10.0.0.1
  ["::808:808", true],
  ["::ffff:a9fe:a9fe", false], // IPv4-mapped
  ["::ffff:808:808", true],
  ["::ffff:0:a00:1", false], // IPv4-translated (SIIT)
  ["::ffff:0:808:808", true],
  ["64:ff9b::a9fe:a9fe", false], // NAT64 well-known prefix
  ["64:ff9b::c0a8:101", false],
  ["64:ff9b::808:808", true],
  ["64:ff9b:1::808:808", false], // NAT64 local-use prefix: never global
  ["2002:a9fe:a9fe::1", false], // 6to4
  ["2002:c0a8:101::1", false],
  ["2002:808:808::1", true],
  ["2001:0:7f00:1::f7f7:f7f7", false], // Teredo: server 127.0.0.1
  ["2001:0:808:808::f5ff:fffe", false], // Teredo: client 10.0.0.1 (stored inverted)
  ["2001:0:808:808::f7f7:f7f7", true],
];

test("IPv6 addresses that embed an IPv4 address are judged by that address", () => {
  for (const [address, expected] of EMBEDDED) assert.equal(isPublicAddress(address), expected, address);
});

test("webhook URLs whose IPv6 literal embeds a private IPv4 address are refused at acceptance", async () => {
  const owner = await mintOwner(app.database.db, { credits: 100 });
  const refused = [
    "[::7f00:1]",
    "[::a9fe:a9fe]",
    "[::a00:1]",
    "[::127.0.0.1]",
    ...EMBEDDED.filter(([, isPublic]) => !isPublic).map(([address]) => `[${address}]`),
  ];
  for (const host of refused) {
    const response = await app.call(owner.key, "POST", "/v1/test/batch", {
      records: [{ id: "x" }],
      webhook_url: `http://${host}:${receiver.port}/hook`,
    });
    assert.equal(response.status, 422, host);
    assert.equal(response.body.code, "invalid_webhook_url", host);
  }
  const vetted = await vetWebhookUrl("http://[64:ff9b::808:808]/hook", { allowPrivate: false });
  assert.equal(vetted.address, "64:ff9b::808:808");
});

test("DNS that changes after acceptance: refused at delivery with nothing sent", async () => {
  let answer = "93.184.216.34";
  const resolve = async () => [{ address: answer, family: 4 }];
  const accepted = await vetWebhookUrl(`http://hooks.customer.test:${receiver.port}/hook`, {
    allowPrivate: false,
    resolve,
  });
  assert.equal(accepted.address, "93.184.216.34");
  answer = "127.0.0.1";
  const before = receiver.received.length;
  const result = await sendWebhook({
    url: `http://hooks.customer.test:${receiver.port}/hook`,
    id: "msg_rebind",
    body: "{}",
    secret: newWebhookSecret(),
    timeoutMs: 2000,
    vet: { allowPrivate: false, resolve },
    agents,
  });
  assert.equal(result.ok, false);
  assert.equal(result.statusCode, null);
  assert.match(result.error ?? "", /public addresses/);
  assert.equal(receiver.received.length, before);
});

test("a name with one private answer among public ones is refused", async () => {
  await assert.rejects(
    vetWebhookUrl("https://mixed.customer.test/hook", {
      allowPrivate: false,
      resolve: async () => [
        { address: "93.184.216.34", family: 4 },
        { address: "10.0.0.5", family: 4 },
      ],
    }),
    (error: Error & { code?: string }) => error.code === "invalid_webhook_url",
  );
  await assert.rejects(
    vetWebhookUrl("http://example.com/hook", { allowPrivate: false, requireHttps: true }),
    (error: Error & { code?: string }) => error.code === "invalid_webhook_url",
  );
});

test("the connection goes to the vetted address: one lookup per attempt, none by the HTTP client", async () => {
  let lookups = 0;
  const resolve = async () => {
    lookups++;
    return [{ address: "127.0.0.1", family: 4 }];
  };
  const before = receiver.received.length;
  const result = await sendWebhook({
    url: `http://hooks.customer.test:${receiver.port}/pinned`,
    id: "msg_pinned",
    body: "{}",
    secret: newWebhookSecret(),
    timeoutMs: 2000,
    vet: { allowPrivate: true, resolve },
    agents,
  });
  assert.equal(result.ok, true, String(result.error));
  assert.equal(lookups, 1);
  const hit = receiver.received[before];
  assert.equal(hit.path, "/pinned");
  assert.equal(hit.headers.host, `hooks.customer.test:${receiver.port}`);
});

test("a receiver answering 302 to a private address: a failed attempt, the redirect is never followed", async () => {
  const inner = await startReceiver();
  const redirector = await startReceiver(() => ({ status: 302, headers: { location: inner.url } }));
  const result = await sendWebhook({
    url: redirector.url,
    id: "msg_redirect",
    body: "{}",
    secret: newWebhookSecret(),
    timeoutMs: 2000,
    vet: { allowPrivate: true },
    agents,
  });
  assert.equal(result.ok, false);
  assert.equal(result.statusCode, 302);
  assert.match(result.error ?? "", /redirect 302 not followed/);
  assert.equal(redirector.received.length, 1);
  assert.equal(inner.received.length, 0);
  await Promise.all([inner.close(), redirector.close()]);
});
