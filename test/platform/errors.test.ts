import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { InjectOptions } from "fastify";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mountEchoRoute } from "../helpers/echo-route.ts";
import { mintOwner, type TestOwner } from "../helpers/owners.ts";

let padron: TestApp;
let owner: TestOwner;
before(async () => {
  padron = await startTestApp(
    { BODY_LIMIT_BYTES: "2048" },
    {
      setup: (app, deps) => {
        mountEchoRoute(app, deps);
        app.app.get("/boom", async () => {
          throw new Error("secret internal detail /etc/passwd");
        });
      },
    },
  );
  owner = await mintOwner(padron.database.db);
});
after(() => padron.close());

type Inject = InjectOptions;
const post = (payload: string, headers: Record<string, string> = {}): Inject => ({
  method: "POST",
  url: "/v1-test/echo",
  payload,
  headers: { "x-api-key": owner.key, "content-type": "application/json", ...headers },
});

async function expectProblem(request: Inject, status: number, code: string) {
  const response = await padron.app.inject(request);
  assert.equal(response.statusCode, status, response.body);
  assert.match(String(response.headers["content-type"]), /^application\/problem\+json/);
  const body = response.json();
  assert.equal(body.code, code);
  assert.equal(body.status, status);
  assert.equal(body.type, `/docs/errors#${code}`);
  assert.equal(typeof body.detail, "string");
  assert.equal(body.request_id, response.headers["x-request-id"]);
  return { response, body };
}

test("400 malformed_json for a body that is not JSON", async () => {
  await expectProblem(post("{not json"), 400, "malformed_json");
});

test("404 not_found for unknown routes", async () => {
  await expectProblem({ method: "GET", url: "/v1/nothing-here" }, 404, "not_found");
});

test("405 method_not_allowed with Allow for a known path", async () => {
  const { response } = await expectProblem({ method: "PUT", url: "/v1/account" }, 405, "method_not_allowed");
  assert.match(String(response.headers.allow), /GET/);
});

test("a known path with a trailing slash is 404 not_found, never a 405 naming the method used", async () => {
  for (const [method, url] of [
    ["POST", "/v1/rfc/verify/"],
    ["GET", "/v1/account/"],
    ["GET", "/openapi.json/"],
  ] as const) {
    const payload = method === "POST" ? '{"rfc":"EKU9003173C9"}' : undefined;
    const headers = { "x-api-key": owner.key, "content-type": "application/json" };
    await expectProblem({ method, url, headers, payload }, 404, "not_found");
  }
});

test("413 payload_too_large over the body limit", async () => {
  await expectProblem(post(JSON.stringify({ rfc: "A", note: "x".repeat(5000) })), 413, "payload_too_large");
});

test("415 unsupported_media_type for a non-JSON body", async () => {
  await expectProblem(
    post("rfc=AAA010101AAA", { "content-type": "application/x-www-form-urlencoded" }),
    415,
    "unsupported_media_type",
  );
  await expectProblem(
    post('{"rfc":"AAA010101AAA"}', { "content-type": "text/plain" }),
    415,
    "unsupported_media_type",
  );
});

test("422 invalid_request lists every problem with its path: unknown, missing, too long", async () => {
  const unknown = await expectProblem(
    post(JSON.stringify({ rfc: "AAA010101AAA", extra: 1 })),
    422,
    "invalid_request",
  );
  assert.ok(
    unknown.body.errors.some((e: { path: string }) => e.path === "/extra"),
    JSON.stringify(unknown.body.errors),
  );
  const missing = await expectProblem(post(JSON.stringify({})), 422, "invalid_request");
  assert.ok(missing.body.errors.some((e: { path: string }) => e.path === "/rfc"));
  const long = await expectProblem(post(JSON.stringify({ rfc: "A".repeat(14) })), 422, "invalid_request");
  assert.ok(long.body.errors.some((e: { path: string }) => e.path === "/rfc"));
  const mistyped = await expectProblem(post(JSON.stringify({ rfc: 12 })), 422, "invalid_request");
  assert.ok(mistyped.body.errors.some((e: { path: string }) => e.path === "/rfc"));
});

test("402 insufficient_balance when the owner cannot pay, and the balance is untouched", async () => {
  const poor = await mintOwner(padron.database.db, { credits: 0 });
  await expectProblem(
    post(JSON.stringify({ rfc: "AAA010101AAA" }), { "x-api-key": poor.key }),
    402,
    "insufficient_balance",
  );
  const account = await padron.app.inject({
    method: "GET",
    url: "/v1/account",
    headers: { "x-api-key": poor.key },
  });
  assert.equal(account.json().credits.balance, 0);
});

test("a charged call answers with x-credits-charged and x-credits-remaining", async () => {
  const payer = await mintOwner(padron.database.db, { credits: 10 });
  const response = await padron.app.inject(
    post(JSON.stringify({ rfc: "AAA010101AAA" }), { "x-api-key": payer.key }),
  );
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers["x-credits-charged"], "1");
  assert.equal(response.headers["x-credits-remaining"], "9");
});

test("a sandbox key is never charged", async () => {
  const tester = await mintOwner(padron.database.db, { credits: 0, mode: "test" });
  const response = await padron.app.inject(
    post(JSON.stringify({ rfc: "AAA010101AAA" }), { "x-api-key": tester.key }),
  );
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers["x-credits-charged"], "0");
  assert.equal(response.headers["x-credits-remaining"], "0");
});

test("500 internal_error reveals nothing of the failure", async () => {
  const { body } = await expectProblem({ method: "GET", url: "/boom" }, 500, "internal_error");
  assert.doesNotMatch(JSON.stringify(body), /passwd|secret|stack|Error:/);
  assert.ok(
    padron.logs.some((line) => line.includes("secret internal detail")),
    "the log keeps the details",
  );
});
