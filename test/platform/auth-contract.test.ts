import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";

// The auth and error contract, checked on every operation the OpenAPI document publishes rather than
// on one example: a route added later is covered without anyone remembering to add it here.
let padron: TestApp;
let operations: { method: string; url: string; operationId: string }[] = [];
before(async () => {
  padron = await startTestApp();
  const document = (await padron.app.inject({ url: "/openapi.json" })).json();
  for (const [path, methods] of Object.entries<Record<string, { operationId: string }>>(document.paths))
    for (const [method, operation] of Object.entries(methods))
      operations.push({
        method: method.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, "req_doesnotexist0000000000"),
        operationId: operation.operationId,
      });
  operations = operations.filter((operation) => operation.url.startsWith("/v1/"));
});
after(() => padron.close());

type Injected = Awaited<ReturnType<TestApp["app"]["inject"]>>;

function problemOf(response: Injected, label: string): Record<string, unknown> {
  assert.match(String(response.headers["content-type"]), /^application\/problem\+json/, label);
  const body = response.json();
  assert.equal(body.status, response.statusCode, label);
  assert.equal(typeof body.code, "string", label);
  assert.equal(body.request_id, response.headers["x-request-id"], label);
  return body;
}

const call = (
  operation: { method: string; url: string },
  headers: Record<string, string>,
  payload?: string,
) => padron.app.inject({ method: operation.method as "GET", url: operation.url, headers, payload });

describe("every /v1 operation in the OpenAPI document", () => {
  test("the document lists the API's operations", () => {
    assert.ok(operations.length >= 14, `only ${operations.length} operations`);
    assert.ok(operations.some((operation) => operation.operationId === "rfc_validate"));
  });

  test("no key, a malformed key or a key with a bad checksum: the same 401 problem", async () => {
    const bodies = new Set<string>();
    for (const operation of operations)
      for (const headers of [
        {} as Record<string, string>,
        { "x-api-key": "pdr_live_short" },
        { "x-api-key": `pdr_live_${"a".repeat(38)}` },
      ]) {
        const label = `${operation.method} ${operation.url} ${JSON.stringify(headers)}`;
        const response = await call(operation, headers, operation.method === "POST" ? "{}" : undefined);
        assert.equal(response.statusCode, 401, label);
        const body = problemOf(response, label);
        assert.equal(body.code, "unauthorized", label);
        bodies.add(response.body.replace(String(body.request_id), "REQUEST_ID"));
      }
    assert.equal(bodies.size, 1, [...bodies].join("\n"));
  });

  test("with a valid key, bad input is a 4xx problem with a request id, never a 5xx", async () => {
    const owner = await mintOwner(padron.database.db);
    const key = { "x-api-key": owner.key };
    for (const operation of operations) {
      const tries: [string, Record<string, string>, string | undefined][] =
        operation.method === "POST"
          ? [
              ["malformed JSON", { ...key, "content-type": "application/json" }, "{"],
              ["empty object", { ...key, "content-type": "application/json" }, "{}"],
              ["wrong type", { ...key, "content-type": "application/json" }, '{"rfc":12}'],
              ["form body", { ...key, "content-type": "application/x-www-form-urlencoded" }, "rfc=X"],
            ]
          : [["as published", key, undefined]];
      for (const [what, headers, payload] of tries) {
        const label = `${operation.method} ${operation.url}: ${what}`;
        const response = await call(operation, headers, payload);
        assert.ok(response.statusCode < 500, `${label}: ${response.statusCode} ${response.body}`);
        if (response.statusCode >= 400) problemOf(response, label);
      }
    }
  });
});
