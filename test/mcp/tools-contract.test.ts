import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, test } from "node:test";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { apiToolsOf } from "../../src/mcp/api-tools.ts";
import { startTestApp } from "../helpers/app.ts";
import { type Json, mcpOverHttp } from "./support.ts";

// Acceptance (issue 26): the OpenAPI document and the MCP tool list cannot drift apart.
const padron = await startTestApp();
const base = await padron.listen();
after(() => padron.close());

const document: Json = (await padron.app.inject({ method: "GET", url: "/openapi.json" })).json();
const operations = Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(
  ([path, byMethod]) => Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
);
const client = await mcpOverHttp(base);
const { tools } = await client.listTools();
await client.close();

/** Every METHOD /path the app serves, read from Fastify's route tree (`:id` written `{id}`). */
function servedRoutes(): string[] {
  const served: string[] = [];
  const stack: string[] = [];
  for (const line of padron.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│├└─\s]*)(\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = [...match[1]].length / 4;
    stack[depth] = (stack[depth - 1] ?? "") + match[2];
    for (const method of match[3].split(", ").filter((m) => m !== "HEAD")) {
      served.push(`${method} ${stack[depth].replace(/:(\w+)/g, "{$1}")}`);
    }
  }
  return served;
}

test("every route under /v1 is an operation of the OpenAPI document", () => {
  const api = servedRoutes().filter((route) => / \/v1\//.test(route));
  const documented = operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`);
  assert.ok(api.length >= 12, api.join(", "));
  assert.deepEqual(api.sort(), documented.sort());
});

test("the tools are the operations, named by operationId, the issue's names among them", () => {
  assert.deepEqual(
    tools.map((tool) => tool.name).sort(),
    operations.map(({ operation }) => operation.operationId).sort(),
  );
  const names = tools.map((tool) => tool.name);
  for (const name of [
    "rfc_validate",
    "rfc_verify",
    "rfc_verify_batch",
    "rfc_find_zip",
    "rfc_profile",
    "rfc_sat_lists",
    "rfc_commerce_registry",
    "rfc_csf",
    "request_status",
    "request_redeliver",
    "account",
    "webhooks_secret",
    "webhooks_secret_rotate",
  ]) {
    assert.ok(names.includes(name), `${name} is a tool`);
  }
});

test("a tool's arguments are its operation's body and parameters; its result, the 2xx body", () => {
  for (const { path, method, operation } of operations) {
    const tool = tools.find((t) => t.name === operation.operationId) as Tool;
    const label = `${method.toUpperCase()} ${path}`;
    assert.doesNotMatch(JSON.stringify(tool), /"\$ref"/, `${label}: schemas are self-contained`);
    const body = operation.requestBody?.content["application/json"].schema ?? { properties: {} };
    const parameters: Json[] = operation.parameters ?? [];
    const argumentOf = (p: Json) => p.name.toLowerCase().replace(/-/g, "_");
    const argumentNames = [...Object.keys(body.properties), ...parameters.map(argumentOf)];
    if (method === "post") assert.ok(argumentNames.includes("idempotency_key"), `${label}: Idempotency-Key`);
    assert.deepEqual(Object.keys(tool.inputSchema.properties ?? {}).sort(), argumentNames.sort(), label);
    for (const name of Object.keys(body.properties)) {
      assert.deepEqual(tool.inputSchema.properties?.[name], body.properties[name], `${label} ${name}`);
    }
    assert.deepEqual(
      [...(tool.inputSchema.required ?? [])].sort(),
      [...(body.required ?? []), ...parameters.filter((p) => p.required).map(argumentOf)].sort(),
      label,
    );
    const results = Object.entries(operation.responses as Record<string, Json>)
      .filter(([status]) => status.startsWith("2"))
      .map(([, response]) => response.content["application/json"].schema);
    const output = tool.outputSchema as Json;
    assert.deepEqual(results.length === 1 ? [output] : output.anyOf, results, label);
    assert.equal(tool.annotations?.readOnlyHint, method === "get", label);
  }
});

test("two operations with one name are refused, and the app does not start", async () => {
  const twice = { get: { operationId: "account" } };
  assert.throws(() => apiToolsOf({ paths: { "/v1/a": twice, "/v1/b": twice } }), /named account/);
  const clash = startTestApp(
    {},
    {
      setup: (padron) => {
        padron.app.get("/v1/account-again", { schema: { operationId: "account" } }, async () => ({}));
      },
    },
  );
  await assert.rejects(clash, /Two API operations are named account/);
});

test("the README names every tool, and only tools that exist", () => {
  const readme = readFileSync("README.md", "utf8");
  const list = /named\s+by its `operationId`:([\s\S]*?)\. A tool's arguments/.exec(readme)?.[1] ?? "";
  const named = [...list.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]);
  assert.deepEqual(named.sort(), tools.map((tool) => tool.name).sort());
});
