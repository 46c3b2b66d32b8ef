import assert from "node:assert/strict";
import { test } from "node:test";
import { deleteApiKey } from "../../src/api-keys/delete-api-key.ts";
import { startTestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";

// Two processes on one database: each has a connection of its own, as two `padron serve` would.
test("a key deleted on one instance is refused at once by another that has just used it", async () => {
  const first = await startTestApp();
  const second = await startTestApp({}, { databaseOf: first });
  try {
    const owner = await mintOwner(first.database.db);
    const account = (app: typeof first.app) =>
      app.inject({ method: "GET", url: "/v1/account", headers: { "x-api-key": owner.key } });
    assert.equal((await account(second.app)).statusCode, 200);
    assert.equal((await account(first.app)).statusCode, 200);

    const deleted = await deleteApiKey(first.database.db, { displayPrefix: owner.key.slice(0, 15) });
    assert.equal(deleted, 1);

    const refused = await account(second.app);
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.json().code, "unauthorized");
    assert.equal((await account(first.app)).statusCode, 401);
  } finally {
    await second.close();
    await first.close();
  }
});
