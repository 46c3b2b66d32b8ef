import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";

let padron: TestApp;
before(async () => {
  padron = await startTestApp();
});
after(() => padron.close());

test("GET /v1/account describes the key's owner, key, credits and plan, free of charge", async () => {
  const owner = await mintOwner(padron.database.db, { credits: 120 });
  const response = await padron.app.inject({
    method: "GET",
    url: "/v1/account",
    headers: { "x-api-key": owner.key },
  });
  assert.equal(response.statusCode, 200);
  const body = response.json();
  assert.deepEqual(body.owner, { type: "user", id: owner.ownerId, name: owner.email });
  assert.deepEqual(body.key, { label: "test", mode: "live", display_prefix: owner.key.slice(0, 15) });
  assert.deepEqual(body.credits, { balance: 120, allowance_left: 0 });
  assert.equal(body.plan.name, "payg");
  assert.equal(body.plan.active, false);
  assert.equal(response.headers["x-request-id"], response.headers["x-request-id"]?.toString());
});
