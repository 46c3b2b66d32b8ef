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
