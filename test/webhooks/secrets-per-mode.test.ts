import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { Webhook } from "standardwebhooks";
import { issueApiKey } from "../../src/api-keys/issue-api-key.ts";
import { migrateToLatest } from "../../src/platform/db/migrate.ts";
import { webhookSecretOf } from "../../src/webhooks/webhook-secret.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { freshDatabase, migrateThrough } from "../helpers/database.ts";
import { mintOwner } from "../helpers/owners.ts";
import { mountTestOperation } from "../requests/fixtures/mount-test-operation.ts";
import { startReceiver } from "./receiver.ts";

let app: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
before(async () => {
  app = await startTestApp({}, { setup: mountTestOperation, listen: true, worker: true });
  receiver = await startReceiver();
});
after(async () => {
  await receiver.close();
  await app.close();
});

/** One owner with a live key and a sandbox key. */
async function ownerWithBothKeys() {
  const owner = await mintOwner(app.database.db, { credits: 100, mode: "live" });
  const test = await issueApiKey(app.database.db, { ownerId: owner.ownerId, label: "sandbox", mode: "test" });
  return { ownerId: owner.ownerId, live: owner.key, test: test.key };
}

const secretVia = async (key: string, path = "/v1/webhooks/secret", method = "GET") => {
  const response = await app.call(key, method, path);
  assert.equal(response.status, 200);
  return response.body.secret as string;
};

test("a key reads and rotates only the signing secret of its own mode", async () => {
  const owner = await ownerWithBothKeys();
  const live = await secretVia(owner.live);
  const sandbox = await secretVia(owner.test);
  assert.match(live, /^whsec_/);
  assert.match(sandbox, /^whsec_/);
  assert.notEqual(live, sandbox);

  const rotated = await secretVia(owner.test, "/v1/webhooks/secret/rotate", "POST");
  assert.notEqual(rotated, sandbox);
  assert.equal(await secretVia(owner.test), rotated);
  assert.equal(await secretVia(owner.live), live, "rotating with a test key leaves the live secret alone");
  assert.equal(await webhookSecretOf(app.database.db, owner.ownerId, "live"), live);

  const liveRotated = await secretVia(owner.live, "/v1/webhooks/secret/rotate", "POST");
  assert.equal(await secretVia(owner.test), rotated, "and the other way round");
  assert.equal(await secretVia(owner.live), liveRotated);
});

test("each delivery is signed with the secret of the mode of the key that made the request", async () => {
  const owner = await ownerWithBothKeys();
  const requestIds = new Map<string, "live" | "test">();
  for (const mode of ["live", "test"] as const) {
    const response = await app.call(owner[mode], "POST", "/v1/test/batch", {
      records: [{ id: mode }],
      webhook_url: `${receiver.url}/${mode}`,
    });
    assert.equal(response.status, 202);
    requestIds.set(response.body.request_id, mode);
  }
  const hits = () => receiver.received.filter((hit) => requestIds.has(JSON.parse(hit.body).request_id));
  for (let i = 0; hits().length < 2; i++) {
    if (i > 500) throw new Error("the two deliveries never arrived");
    await sleep(20);
  }
  const secrets = {
    live: await webhookSecretOf(app.database.db, owner.ownerId, "live"),
    test: await webhookSecretOf(app.database.db, owner.ownerId, "test"),
  };
  for (const hit of hits()) {
    const mode = requestIds.get(JSON.parse(hit.body).request_id) ?? "live";
    const other = mode === "live" ? "test" : "live";
    const headers = hit.headers as Record<string, string>;
    assert.doesNotThrow(() => new Webhook(secrets[mode]).verify(hit.body, headers), mode);
    assert.throws(() => new Webhook(secrets[other]).verify(hit.body, headers), other);
  }
});

const OLD = "whsec_dG9kYXlzIHNpbmdsZSBzZWNyZXQ=";

test("migration 0010: today's single secret becomes the live one; deliveries take their request's mode", async () => {
  const database = await freshDatabase({ migrate: false });
  try {
    await migrateThrough(database, "0008_request_log_file");
    const owner = await mintOwner(database.db, { credits: 0 });
    // Rows as the schema of 0008 has them: one secret per owner, deliveries without a mode.
    const id = owner.ownerId;
    await sql`insert into webhook_secrets (owner_id, secret, created_at) values (${id}, ${OLD}, 1)`.execute(
      database.db,
    );
    for (const [requestId, mode] of [
      ["req_live", "live"],
      ["req_test", "test"],
    ])
      await sql`insert into requests (request_id, owner_id, key_id, mode, operation, status, created_at, expires_at)
        values (${requestId}, ${id}, 'key_1', ${mode}, 'test-batch', 'completed', 1, ${Date.now() + 86_400_000})`.execute(
        database.db,
      );
    for (const [deliveryId, requestId] of [
      ["msg_live", "req_live"],
      ["msg_test", "req_test"],
      ["msg_gone", "req_gone"],
    ])
      await sql`insert into webhook_deliveries (id, request_id, owner_id, url, payload, status, created_at)
        values (${deliveryId}, ${requestId}, ${id}, 'http://127.0.0.1:9/', '{}', 'pending', 1)`.execute(
        database.db,
      );

    await migrateToLatest(database);

    assert.equal(await webhookSecretOf(database.db, owner.ownerId, "live"), OLD);
    const sandbox = await webhookSecretOf(database.db, owner.ownerId, "test");
    assert.notEqual(sandbox, OLD);
    const modes = await database.db
      .selectFrom("webhook_deliveries")
      .select(["id", "mode"])
      .orderBy("id")
      .execute();
    assert.deepEqual(
      modes.map((row) => ({ ...row })),
      [
        { id: "msg_gone", mode: "live" },
        { id: "msg_live", mode: "live" },
        { id: "msg_test", mode: "test" },
      ],
    );
  } finally {
    await database.close();
  }
});
