import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { deleteApiKey } from "../../src/api-keys/delete-api-key.ts";
import { checkApiKeyFormat, generateApiKey } from "../../src/api-keys/key-format.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";

let padron: TestApp;
before(async () => {
  padron = await startTestApp();
});
after(() => padron.close());

const account = (key?: string) =>
  padron.app.inject({
    method: "GET",
    url: "/v1/account",
    headers: key === undefined ? {} : { "x-api-key": key },
  });

function flipChecksum(key: string): string {
  const last = key.at(-1) === "a" ? "b" : "a";
  return key.slice(0, -1) + last;
}

test("keys have the documented shape and an offline-checkable checksum", () => {
  for (const mode of ["live", "test"] as const) {
    const key = generateApiKey(mode);
    assert.match(key, new RegExp(`^pdr_${mode}_[0-9A-Za-z]{38}$`));
    assert.equal(checkApiKeyFormat(key), mode);
    assert.equal(checkApiKeyFormat(flipChecksum(key)), null);
  }
});

test("missing, malformed, bad-checksum, unknown and deleted keys get the same 401 body", async () => {
  const owner = await mintOwner(padron.database.db);
  const deleted = await mintOwner(padron.database.db);
  await deleteApiKey(padron.database.db, { displayPrefix: deleted.key.slice(0, 15) });
  const cases = {
    missing: await account(),
    malformed: await account("hello"),
    badChecksum: await account(flipChecksum(owner.key)),
    unknown: await account(generateApiKey("live")),
    deleted: await account(deleted.key),
  };
  const normalized = Object.entries(cases).map(([name, response]) => {
    assert.equal(response.statusCode, 401, name);
    assert.match(String(response.headers["content-type"]), /^application\/problem\+json/);
    const body = response.json();
    assert.equal(body.code, "unauthorized");
    assert.equal(body.request_id, response.headers["x-request-id"], name);
    return response.body.replace(body.request_id, "REQUEST_ID");
  });
  for (const body of normalized) assert.equal(body, normalized[0]);
  assert.equal((await account(owner.key)).statusCode, 200);
});

test("a bad checksum is refused without a database lookup", async () => {
  const isolated = await startTestApp();
  const owner = await mintOwner(isolated.database.db);
  await isolated.database.db.destroy();
  const badChecksum = await isolated.app.inject({
    method: "GET",
    url: "/v1/account",
    headers: { "x-api-key": flipChecksum(owner.key) },
  });
  assert.equal(badChecksum.statusCode, 401, "answered without touching the (closed) database");
  const wellFormed = await isolated.app.inject({
    method: "GET",
    url: "/v1/account",
    headers: { "x-api-key": owner.key },
  });
  assert.equal(wellFormed.statusCode, 500, "a well-formed key does need the database");
  await isolated.app.close();
  await isolated.database.close().catch(() => {});
});

test("last used time is recorded without a write per request", async () => {
  const owner = await mintOwner(padron.database.db);
  const before = await padron.database.db
    .selectFrom("api_keys")
    .select("last_used_at")
    .where("owner_id", "=", owner.ownerId)
    .executeTakeFirstOrThrow();
  assert.equal(before.last_used_at, null);
  const sent = Date.now();
  await account(owner.key);
  await account(owner.key);
  const notYet = await padron.database.db
    .selectFrom("api_keys")
    .select("last_used_at")
    .where("owner_id", "=", owner.ownerId)
    .executeTakeFirstOrThrow();
  assert.equal(notYet.last_used_at, null, "requests themselves do not write");
  await padron.keyUse.flush();
  const after = await padron.database.db
    .selectFrom("api_keys")
    .select("last_used_at")
    .where("owner_id", "=", owner.ownerId)
    .executeTakeFirstOrThrow();
  const usedAt = Number(after.last_used_at);
  assert.ok(usedAt >= sent && usedAt <= Date.now(), `last used at ${after.last_used_at}, sent at ${sent}`);
});
