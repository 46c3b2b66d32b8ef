import { after, describe, test } from "node:test";
import { startTestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { startReceiver } from "../webhooks/receiver.ts";
import {
  assertSameAnswer,
  callTool,
  checkAccountAndAsyncTools,
  httpWith,
  MCP_APP,
  mcpOverHttp,
  scenarioCalls,
} from "./support.ts";

// Acceptance (issue 26): every tool over Streamable HTTP answers as its HTTP route for the same input.
const h = await startTestApp({}, MCP_APP);
const hook = await startReceiver();
const owner = await mintOwner(h.database.db, { mode: "test" });
const client = await mcpOverHttp(h.base, { "x-api-key": owner.key });
const http = httpWith(h, owner.key);
after(async () => {
  await client.close();
  await hook.close();
  await h.close();
});

describe("each rfc tool, every sandbox scenario", () => {
  for (const [index, s] of h.scenarios.entries()) {
    test(`${s.tags.join("+")} ${s.rfc} (#${index})`, async () => {
      await Promise.all(
        scenarioCalls(s).map(async ([tool, path, args]) => {
          const [answer, expected] = await Promise.all([
            callTool(client, tool, args),
            http("POST", path, args),
          ]);
          assertSameAnswer(answer, expected);
        }),
      );
    });
  }
});

test("account, webhook secret, batch, request status and redelivery answer as their routes", async () => {
  await checkAccountAndAsyncTools(client, h, hook.url, owner.key);
});
