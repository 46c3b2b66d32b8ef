import { after, describe, test } from "node:test";
import { syncLists } from "../../src/contributor-lists/sync-lists.ts";
import { startBatchHarness } from "../batches/harness.ts";
import { mintOwner } from "../helpers/owners.ts";
import { startReceiver } from "../webhooks/receiver.ts";
import {
  assertSameAnswer,
  callTool,
  checkAccountAndAsyncTools,
  mcpOverHttp,
  scenarioCalls,
} from "./support.ts";

// Acceptance (issue 26): every tool over Streamable HTTP answers as its HTTP route for the same input.
const h = await startBatchHarness({ RATE_LIMIT_PER_MINUTE: "100000" });
await syncLists(h.database.db, {
  mode: "sandbox",
  baseUrl: h.sandbox.url,
  minRowRatio: 0.5,
  timeoutMs: 30_000,
  retries: 1,
});
const hook = await startReceiver();
const owner = await mintOwner(h.database.db, { mode: "test" });
const client = await mcpOverHttp(h.base, { "x-api-key": owner.key });
const http = (method: string, path: string, body?: unknown) => h.call(owner.key, method, path, body);
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
  const records = h.scenarios
    .filter((s) => s.name && s.zip)
    .slice(0, 3)
    .map((s) => ({ rfc: s.rfc, name: s.name as string, zip: s.zip as string }));
  await checkAccountAndAsyncTools(client, http, hook.url, records, (id) => h.settled(owner.key, id));
});
