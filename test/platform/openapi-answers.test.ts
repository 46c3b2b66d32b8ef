import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";

// The MCP tools are generated from /openapi.json: an answer an operation really gives (401 without a
// key, 429 past the per-key limit, 400/415 for a body that is not JSON) must be in its `responses`.
type Operation = { operationId: string; responses?: object; parameters?: { in: string; name: string }[] };
let padron: TestApp;
const operations: { method: string; url: string; operation: Operation }[] = [];
before(async () => {
  padron = await startTestApp({ RATE_LIMIT_PER_MINUTE: "1" });
  const document = (await padron.app.inject({ url: "/openapi.json" })).json();
  for (const [path, methods] of Object.entries<Record<string, Operation>>(document.paths))
    for (const [method, operation] of Object.entries(methods))
      if (path.startsWith("/v1/"))
        operations.push({
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, "req_none"),
          operation,
        });
});
after(() => padron.close());

const documented = (operation: Operation) => Object.keys(operation.responses ?? {});
const freshKey = async () => (await mintOwner(padron.database.db, { mode: "test" })).key;

test("every status an /v1 operation answers to a bad request is in its OpenAPI responses", async () => {
  const missing: string[] = [];
  for (const { method, url, operation } of operations) {
    const post = method === "POST";
    const tries: [string, Record<string, string>, string | undefined][] = [
      ["no key", {}, post ? "{}" : undefined],
    ];
    if (post) {
      tries.push(["not JSON", { "x-api-key": await freshKey(), "content-type": "application/json" }, "{"]);
      tries.push(["form body", { "x-api-key": await freshKey(), "content-type": "text/csv" }, "rfc"]);
    }
    for (const [what, headers, payload] of tries) {
      const response = await padron.app.inject({ method: method as "GET", url, headers, payload });
      if (!documented(operation).includes(String(response.statusCode)))
        missing.push(
          `${operation.operationId} (${what}): ${response.statusCode} not in [${documented(operation)}]`,
        );
    }
  }
  for (const { url, operation } of operations.filter((o) => o.method === "GET")) {
    const headers = { "x-api-key": await freshKey() };
    await padron.app.inject({ method: "GET", url, headers });
    const status = (await padron.app.inject({ method: "GET", url, headers })).statusCode;
    if (!documented(operation).includes(String(status)))
      missing.push(
        `${operation.operationId} (past the rate limit): ${status} not in [${documented(operation)}]`,
      );
  }
  assert.deepEqual(missing, []);
});

test("every POST documents the Idempotency-Key header and its 409, 413 and 422", () => {
  const undocumented: string[] = [];
  for (const { method, operation } of operations.filter((o) => o.method === "POST")) {
    if (!(operation.parameters ?? []).some((p) => p.in === "header" && p.name === "idempotency-key"))
      undocumented.push(`${operation.operationId}: Idempotency-Key`);
    for (const status of ["409", "413", "422"])
      if (!documented(operation).includes(status))
        undocumented.push(`${operation.operationId} ${method}: ${status}`);
  }
  assert.deepEqual(undocumented, []);
  const status = operations.find((o) => o.operation.operationId === "request_status");
  assert.ok(status && documented(status.operation).includes("422"), "request_status: an over-long id is 422");
});
