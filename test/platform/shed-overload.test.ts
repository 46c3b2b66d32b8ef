import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";

// A heap limit every process is above makes the overload state certain, without timing anything.
let padron: TestApp;
before(async () => {
  padron = await startTestApp({ OVERLOAD_HEAP_USED_MB: "1" });
});
after(() => padron.close());

test("past the heap limit: 503 problem + Retry-After for the API; liveness still answers", async () => {
  const owner = await mintOwner(padron.database.db);
  const account = () => padron.app.inject({ url: "/v1/account", headers: { "x-api-key": owner.key } });
  let refused = await account();
  // The first sample of the heap is taken a quarter second after the start.
  for (let tries = 0; refused.statusCode !== 503 && tries < 40; tries++) {
    await sleep(100);
    refused = await account();
  }
  assert.equal(refused.statusCode, 503);
  assert.equal(refused.headers["retry-after"], "5");
  assert.match(String(refused.headers["content-type"]), /^application\/problem\+json/);
  const problem = refused.json();
  assert.equal(problem.code, "unavailable");
  assert.equal(problem.request_id, refused.headers["x-request-id"]);
  assert.equal((await padron.app.inject({ url: "/healthz" })).statusCode, 200);
});

test("with the default limits (off) a process answers", async () => {
  const quiet = await startTestApp();
  try {
    const owner = await mintOwner(quiet.database.db);
    await sleep(600);
    const answer = await quiet.app.inject({ url: "/v1/account", headers: { "x-api-key": owner.key } });
    assert.equal(answer.statusCode, 200);
  } finally {
    await quiet.close();
  }
});
