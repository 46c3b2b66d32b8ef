import assert from "node:assert/strict";
import { createReadStream } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ingestListFile } from "../../src/contributor-lists/ingest-list-file.ts";
import type { Db } from "../../src/platform/db/connect.ts";
import { recentApiRequests } from "../../src/request-log/record-api-requests.ts";
import type { Scenario } from "../../src/sandbox/scenario-expectations.ts";
import type { AppOptions, SandboxApp } from "../helpers/app.ts";
import type { SandboxOptions } from "../helpers/app-sandbox.ts";
import { mintOwner } from "../helpers/owners.ts";
import { ledgerOf } from "../taxpayers/support/ledger.ts";

// biome-ignore lint/suspicious/noExplicitAny: answers are compared whole with the HTTP ones
export type Json = any;
export type HttpAnswer = { status: number; body: Json };
export type ToolAnswer = { isError: boolean; body: Json; meta: Record<string, unknown> };

/** The SDK's client on padron's /mcp, with the given headers on every request. */
export async function mcpOverHttp(base: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "padron-test", version: "1" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }),
  );
  return client;
}

/** The SDK's client on a `padron mcp` child process; its stderr (the app's log) is kept. */
export async function mcpOverStdio(env: Record<string, string>): Promise<Client & { stderr: string[] }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["bin/padron.js", "mcp"],
    env: { LOG_LEVEL: "warn", ...env },
    stderr: "pipe",
  });
  const stderr: string[] = [];
  transport.stderr?.on("data", (chunk) => stderr.push(String(chunk)));
  const client = Object.assign(new Client({ name: "padron-test", version: "1" }), { stderr });
  await client.connect(transport);
  return client;
}

/** Runs `work` with a client, closed also when an assertion fails: a child process must not outlive it. */
export async function withClient<T>(client: Client, work: (client: Client) => Promise<T>): Promise<T> {
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

/** A tool's answer: its body is the structured result, or the problem in the text of an error. */
export async function callTool(client: Client, name: string, args: Json = {}): Promise<ToolAnswer> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const [text] = result.content;
  assert.equal(text?.type, "text");
  const body = JSON.parse(text.type === "text" ? text.text : "");
  if (!result.isError) assert.deepEqual(result.structuredContent, body, "the text is the structured result");
  return { isError: result.isError === true, body, meta: result._meta ?? {} };
}

/** The same answer as HTTP gave: equal bodies, but for the request id each call gets its own of. */
export function assertSameAnswer(tool: ToolAnswer, http: HttpAnswer): void {
  assert.equal(tool.isError, http.status >= 400, JSON.stringify(tool.body));
  const ownId = http.status === 202 || http.status >= 400;
  const withoutId = ({ request_id: _id, ...rest }: Json) => rest;
  assert.deepEqual(ownId ? withoutId(tool.body) : tool.body, ownId ? withoutId(http.body) : http.body);
}

export function assertToolError(answer: ToolAnswer, code: string, status: number): void {
  assert.equal(answer.isError, true);
  assert.equal(answer.body.code, code, JSON.stringify(answer.body));
  assert.equal(answer.body.status, status);
  assert.equal(typeof answer.body.detail, "string");
}

/**
 * The acceptance's errors and billing through one MCP transport, for an app limited to 3 requests per
 * key per minute: a missing key, a bad key, a live call charged once in the ledger and the request log,
 * then 402 and 429. `connect` opens a client calling with the key. A child process writes its request
 * log within a second or as it exits, so the log is read until the rows are there.
 */
export async function checkErrorsAndBilling(
  db: Db,
  connect: (key: string | undefined) => Promise<Client>,
  flushRequestLog: () => Promise<void> = async () => {},
): Promise<void> {
  for (const key of [undefined, "pdr_live_notakey"]) {
    await withClient(await connect(key), async (client) =>
      assertToolError(await callTool(client, "account"), "unauthorized", 401),
    );
  }
  // AAG090703QT6 is listed in this file: a sat-lists answer is charged only when the lists are loaded.
  await ingestListFile(db, createReadStream("test/fixtures/lists/art69_sample.csv"), {
    mode: "live",
    fileName: "art69_sample.csv",
    provenance: { sourceUrl: "file:art69_sample.csv", etag: null, lastModified: null, expectedBytes: null },
    minRowRatio: 0.5,
  });
  const owner = await mintOwner(db, { mode: "live", credits: 1 });
  const paid = await withClient(await connect(owner.key), async (client) => {
    const paid = await callTool(client, "rfc_sat_lists", { rfc: "AAG090703QT6" });
    assert.equal(paid.isError, false, JSON.stringify(paid.body));
    assert.deepEqual([paid.meta["x-credits-charged"], paid.meta["x-credits-remaining"]], ["1", "0"]);
    assertToolError(
      await callTool(client, "rfc_sat_lists", { rfc: "AAG090703QT6" }),
      "insufficient_balance",
      402,
    );
    assert.equal((await callTool(client, "account")).isError, false);
    const limited = await callTool(client, "account");
    assertToolError(limited, "rate_limited", 429);
    assert.ok(Number(limited.meta["retry-after"]) > 0);
    return paid;
  });
  await flushRequestLog();

  const requestId = paid.meta["x-request-id"] as string;
  assert.deepEqual(await ledgerOf(db, requestId), { net: -1, kinds: ["charge"] });
  let logged = await recentApiRequests(db, owner.ownerId);
  for (let i = 0; i < 200 && logged.length < 4; i++) {
    await sleep(50);
    logged = await recentApiRequests(db, owner.ownerId);
  }
  logged.reverse();
  assert.deepEqual(
    logged.map((row) => [row.operation, Number(row.status), Number(row.credits)]),
    [
      ["rfc/sat-lists", 200, 1],
      ["rfc/sat-lists", 402, 0],
      ["account", 200, 0],
      ["account", 429, 0],
    ],
  );
  assert.equal(logged[0].request_id, requestId);
}

/** The rfc tools' calls for one scenario, each with the route it stands for. */
export function scenarioCalls(s: Scenario): [string, string, Json][] {
  return [
    ["rfc_validate", "/v1/rfc/validate", { rfc: s.rfc, name: s.name }],
    ["rfc_validate", "/v1/rfc/validate", { rfc: s.rfc }],
    ["rfc_verify", "/v1/rfc/verify", { rfc: s.rfc }],
    ["rfc_verify", "/v1/rfc/verify", { rfc: s.rfc, name: s.name, zip: s.zip }],
    ["rfc_find_zip", "/v1/rfc/find-zip", { rfc: s.rfc, name: s.name }],
    ["rfc_profile", "/v1/rfc/profile", { rfc: s.rfc }],
    ["rfc_sat_lists", "/v1/rfc/sat-lists", { rfc: s.rfc }],
    ["rfc_commerce_registry", "/v1/rfc/commerce-registry", { rfc: s.rfc, name: s.name }],
  ];
}

/**
 * The app for the tools: the sandbox with its lists loaded, over HTTP, with a worker. Answers are
 * compared whole: a source timing out on a loaded machine must not make two differ.
 */
export const MCP_APP: AppOptions & { sandbox: SandboxOptions } = {
  sandbox: { timeoutMs: 30_000, maxHoldMs: 500, lists: ["sandbox"] },
  listen: true,
  worker: true,
};

/** HTTP calls with one key, for comparing with a tool's answers. */
export const httpWith = (h: SandboxApp, key: string) => (method: string, path: string, body?: unknown) =>
  h.call(key, method, path, body);

/**
 * Every tool but the scenario ones, against its route with the same key: account, the webhook secret
 * and its rotation, a batch, its status and redelivery, and a request that does not exist.
 */
export async function checkAccountAndAsyncTools(
  client: Client,
  h: SandboxApp,
  hookUrl: string,
  key: string,
): Promise<void> {
  const http = httpWith(h, key);
  const settled = (requestId: string) => h.settled(key, requestId);
  const records = h.scenarios
    .filter((s) => s.name && s.zip)
    .slice(0, 2)
    .map((s) => ({ rfc: s.rfc, name: s.name as string, zip: s.zip as string }));
  assertSameAnswer(await callTool(client, "account"), await http("GET", "/v1/account"));
  assertSameAnswer(await callTool(client, "webhooks_secret"), await http("GET", "/v1/webhooks/secret"));
  const rotated = await callTool(client, "webhooks_secret_rotate");
  assertSameAnswer(rotated, await http("GET", "/v1/webhooks/secret"));
  const rotatedOverHttp = await http("POST", "/v1/webhooks/secret/rotate");
  assert.notEqual(rotatedOverHttp.body.secret, rotated.body.secret);
  assertSameAnswer(await callTool(client, "webhooks_secret"), rotatedOverHttp);

  const batch = { records, webhook_url: hookUrl };
  const accepted = await callTool(client, "rfc_verify_batch", batch);
  assertSameAnswer(accepted, await http("POST", "/v1/rfc/verify-batch", batch));
  const id = accepted.body.request_id as string;
  assert.equal(accepted.meta.location, `/v1/requests/${id}`);
  await settled(id);
  const status = await callTool(client, "request_status", { id });
  assert.equal(status.body.status, "completed");
  assertSameAnswer(status, await http("GET", `/v1/requests/${id}`));
  const redelivered = await callTool(client, "request_redeliver", { id });
  assert.equal(redelivered.body.request_id, id);
  assertSameAnswer(redelivered, await http("POST", `/v1/requests/${id}/redeliver`));
  await settled(id);
  const unknown = await callTool(client, "request_status", { id: "req_none" });
  assertToolError(unknown, "not_found", 404);
  assertSameAnswer(unknown, await http("GET", "/v1/requests/req_none"));
}
