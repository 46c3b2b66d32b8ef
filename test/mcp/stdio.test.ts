import assert from "node:assert/strict";
import { after, test } from "node:test";
import { startTestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { startReceiver } from "../webhooks/receiver.ts";
import {
  assertSameAnswer,
  callTool,
  checkAccountAndAsyncTools,
  checkErrorsAndBilling,
  httpWith,
  MCP_APP,
  mcpOverStdio,
  scenarioCalls,
  withClient,
} from "./support.ts";

// Acceptance (issue 26): `padron mcp` over stdio, on the same database as the app serving HTTP here.
const h = await startTestApp({}, MCP_APP);
const hook = await startReceiver();
after(async () => {
  await hook.close();
  await h.close();
});

test("padron mcp lists a tool per API operation, and each answers as its route", async () => {
  const owner = await mintOwner(h.database.db, { mode: "test" });
  await withClient(await mcpOverStdio({ ...h.env, PADRON_API_KEY: owner.key }), async (client) => {
    const { tools } = await client.listTools();
    const document = (await (await fetch(`${h.base}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const operations = Object.values(document.paths).flatMap((path) =>
      Object.values(path).map((operation) => operation.operationId),
    );
    assert.deepEqual(tools.map((tool) => tool.name).sort(), operations.sort());

    const http = httpWith(h, owner.key);
    for (const tag of ["registered_company", "list_69b_definitivo", "renapo_homonym", "sat_error"]) {
      const scenario = h.scenarios.find((s) => s.tags.includes(tag));
      assert.ok(scenario, tag);
      for (const [tool, path, args] of scenarioCalls(scenario)) {
        assertSameAnswer(await callTool(client, tool, args), await http("POST", path, args));
      }
    }
    await checkAccountAndAsyncTools(client, h, hook.url, owner.key);
  });
});

test("over stdio too: no key, a bad key, 402 and 429 are tool errors; a live call is charged and logged once", async () => {
  await checkErrorsAndBilling(h.database.db, (key) =>
    mcpOverStdio({ ...h.env, RATE_LIMIT_PER_MINUTE: "3", ...(key ? { PADRON_API_KEY: key } : {}) }),
  );
});
