import assert from "node:assert/strict";
import { after, test } from "node:test";
import { startTestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { callTool, checkErrorsAndBilling, mcpOverHttp } from "./support.ts";

// Acceptance (issue 26): errors are tool errors with the API's code; a live call is charged and logged once.
const padron = await startTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
const base = await padron.listen();
after(() => padron.close());

test("a missing key, a bad key, 402 and 429 are tool errors; a live call is charged and logged once", async () => {
  await checkErrorsAndBilling(
    padron.database.db,
    (key) => mcpOverHttp(base, key ? { "x-api-key": key } : {}),
    () => padron.requestLog.flush(),
  );
});

test("the key may come as Authorization: Bearer, as MCP clients send it", async () => {
  const owner = await mintOwner(padron.database.db, { mode: "test" });
  const client = await mcpOverHttp(base, { authorization: `Bearer ${owner.key}` });
  const account = await callTool(client, "account");
  await client.close();
  assert.equal(account.isError, false, JSON.stringify(account.body));
  assert.equal(account.body.key.mode, "test");
});

test("GET /mcp is 405 with Allow: POST (a stateless server offers no event stream)", async () => {
  const response = await fetch(`${base}/mcp`, { headers: { accept: "text/event-stream" } });
  assert.equal(response.status, 405);
  assert.equal(response.headers.get("allow"), "POST");
  assert.equal(((await response.json()) as { code: string }).code, "method_not_allowed");
});

test("arguments the URL or a header cannot carry are 422 tool errors: nothing runs, nothing is charged", async () => {
  const owner = await mintOwner(padron.database.db, { mode: "live" });
  const client = await mcpOverHttp(base, { "x-api-key": owner.key });
  const refusals = [
    ["rfc_registration", { rfc: "AAA010101AAA", idempotency_key: { order: 1 } }, "/idempotency_key"],
    ["rfc_registration", { rfc: "AAA010101AAA", idempotency_key: null }, "/idempotency_key"],
    ["request_status", {}, "/id"],
    ["request_redeliver", { id: "." }, "/id"],
    ["request_status", { id: ".." }, "/id"],
  ] as const;
  for (const [tool, args, path] of refusals) {
    const answer = await callTool(client, tool, args);
    assert.equal(answer.isError, true, `${tool} ${JSON.stringify(args)}`);
    assert.equal(answer.body.code, "invalid_request", JSON.stringify(answer.body));
    assert.deepEqual(
      answer.body.errors.map((error: { path: string }) => error.path),
      [path],
    );
  }
  await client.close();
  await padron.requestLog.flush();
  const ledger = await padron.database.db
    .selectFrom("ledger")
    .select("kind")
    .where("owner_id", "=", owner.ownerId)
    .where("kind", "in", ["charge", "refund"])
    .execute();
  assert.deepEqual(ledger, []);
});
