import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, test } from "node:test";
import { gzipSync } from "node:zlib";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { listApiKeys } from "../../src/api-keys/list-api-keys.ts";
import { readBalance } from "../../src/credits/read-balance.ts";
import { type FormClient, formClient, signUp } from "../dashboard/form-client.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mountEchoRoute } from "../helpers/echo-route.ts";
import { mintOwner, type TestOwner, userIdByEmail } from "../helpers/owners.ts";

let padron: TestApp;
let base: string;
let owner: TestOwner;
before(async () => {
  padron = await startTestApp({}, { setup: mountEchoRoute });
  base = await padron.listen();
  owner = await mintOwner(padron.database.db, { credits: 100 });
});
after(() => padron.close());

function assertProblem(response: LightMyRequestResponse, status: number, code: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.match(String(response.headers["content-type"]), /^application\/problem\+json/);
  const body = response.json();
  assert.equal(body.code, code);
  assert.equal(body.request_id, response.headers["x-request-id"]);
  assert.match(body.request_id, /^req_/);
  return body;
}

const inject = (options: InjectOptions) => padron.app.inject(options);
const echo = (payload: string | Buffer, headers: Record<string, string> = {}) =>
  inject({
    method: "POST",
    url: "/v1-test/echo",
    payload,
    headers: { "x-api-key": owner.key, "content-type": "application/json", ...headers },
  });
const credits = async () => (await readBalance(padron.database.db, owner.ownerId)).credits;

test("U+0000 in an API path, query, header or JSON body is 422 problem+json, never charged", async () => {
  const before = await credits();
  const key = { "x-api-key": owner.key };
  assertProblem(
    await inject({ method: "GET", url: "/v1/requests/%00", headers: key }),
    422,
    "invalid_request",
  );
  assertProblem(
    await inject({ method: "POST", url: "/v1/requests/a%00b/redeliver", headers: key }),
    422,
    "invalid_request",
  );
  assertProblem(
    await inject({ method: "GET", url: "/v1/account?x=%00", headers: key }),
    422,
    "invalid_request",
  );
  assertProblem(
    await echo('{"rfc":"AAA010101AAA"}', { "idempotency-key": "retry\u0000one" }),
    422,
    "invalid_request",
  );
  const body = assertProblem(await echo('{"rfc":"AAA\\u0000010101AAA"}'), 422, "invalid_request");
  assert.deepEqual(body.errors, [{ path: "/rfc", message: "must not contain U+0000" }]);
  const nested = assertProblem(
    await echo('{"rfc":"A","note":{"a/b":["x","\\u0000"]}}'),
    422,
    "invalid_request",
  );
  assert.deepEqual(nested.errors, [{ path: "/note/a~1b/1", message: "must not contain U+0000" }]);
  assert.equal(await credits(), before);
  assert.equal((await echo('{"rfc":"AAA010101AAA"}')).statusCode, 200, "a clean body still passes");
});

test("U+0000 in a dashboard form, path or query is refused with the HTML error page", async () => {
  const visitor = formClient(base);
  const _csrf = await visitor.csrfOf("/login");
  const login = await visitor.post("/login", { _csrf, email: "a\u0000@x", password: "whatever password" });
  assertErrorPage(login, 422);
  assertErrorPage(await visitor.get("/login?next=%2F%00"), 422);

  const user = formClient(base);
  await signUp(user, `nul-${randomUUID()}@test.padron`);
  const token = await user.csrfOf("/api-keys");
  assertErrorPage(await user.post("/api-keys", { _csrf: token, label: "key\u0000label", mode: "test" }), 422);
  assertErrorPage(await user.post("/orgs", { _csrf: token, name: "Org\u0000Name" }), 422);
  assertErrorPage(await user.post("/webhooks/deliveries/%00/redeliver", { _csrf: token }), 422);
  assertErrorPage(await user.get("/org/%00/members"), 422);
  const page = await user.get("/orgs");
  const email = /class="email">([^<]+)</.exec(page.text)?.[1] ?? "";
  const userId = await userIdByEmail(padron.database.db, email);
  assert.deepEqual(await listApiKeys(padron.database.db, userId), []);
});

function assertErrorPage(response: Awaited<ReturnType<FormClient["get"]>>, status: number) {
  assert.equal(response.status, status, response.text.slice(0, 300));
  assert.match(response.text, /^<!doctype html>/);
  assert.match(response.text, /U\+0000/);
}

test("a malformed percent-escape in the URL is problem+json with the request id", async () => {
  const response = await inject({
    method: "GET",
    url: "/v1/requests/%E0%A4%A",
    headers: { "x-api-key": owner.key },
  });
  const body = assertProblem(response, 404, "not_found");
  assert.match(body.detail, /percent-escape/);
  const overHttp = await fetch(`${base}/org/%E0%A4%A/members`);
  assert.equal(overHttp.status, 404);
  const problem = (await overHttp.json()) as { request_id: string };
  assert.equal(problem.request_id, overHttp.headers.get("x-request-id"));
});

test("a JSON body that is not UTF-8 is 400 malformed_json, never read as U+FFFD, never charged", async () => {
  const before = await credits();
  const invalid = [
    Buffer.concat([Buffer.from('{"rfc":"AAA010101AA'), Buffer.from([0xff]), Buffer.from('"}')]),
    Buffer.concat([Buffer.from('{"rfc":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]), // a lone surrogate
    Buffer.concat([Buffer.from('{"rfc":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]), // overlong "/"
  ];
  for (const payload of invalid) {
    const body = assertProblem(await echo(payload), 400, "malformed_json");
    assert.match(body.detail, /not valid UTF-8/);
  }
  assert.equal(await credits(), before);
  const accented = await echo(Buffer.from('{"rfc":"AAA010101AAA","note":"Ñandú"}'));
  assert.equal(accented.statusCode, 200);
  assert.equal(accented.json().echo.note, "Ñandú");
});

test("a JSON string escaping a lone surrogate is 400 malformed_json, never sent on as U+FFFD; a pair is its character", async () => {
  const before = await credits();
  const lone = ['{"name":"KEMPER\\ud800"}', '{"note":["x",{"\\udc00":1}]}', '{"name":"\\ude00\\ud83d"}'];
  for (const payload of lone) {
    const body = assertProblem(await echo(payload), 400, "malformed_json");
    assert.match(body.detail, /lone surrogate/);
  }
  assert.equal(await credits(), before);
  const paired = await echo('{"rfc":"AAA010101AAA","note":"\\ud83d\\ude00 \\u00d1"}');
  assert.equal(paired.statusCode, 200);
  assert.equal(paired.json().echo.note, "\u{1F600} Ñ");
});

test("a compressed body is 415 unsupported_media_type, never 400; identity is accepted", async () => {
  const before = await credits();
  const json = '{"rfc":"AAA010101AAA"}';
  for (const [encoding, payload] of [
    ["gzip", gzipSync(json)],
    ["br", Buffer.from(json)],
    ["GZIP, identity", gzipSync(json)],
  ] as const) {
    const response = await echo(payload, { "content-encoding": encoding });
    const body = assertProblem(response, 415, "unsupported_media_type");
    assert.match(body.detail, /uncompressed/);
    assert.equal(response.headers["accept-encoding"], "identity");
  }
  assert.equal(await credits(), before);
  assert.equal((await echo(json, { "content-encoding": "identity" })).statusCode, 200);
});

test("a body nested 50,000 deep is a 4xx, not a stack overflow, and U+0000 deep inside is still found", async () => {
  const deep = (inner: string) => `${"[".repeat(50_000)}${inner}${"]".repeat(50_000)}`;
  assertProblem(await echo(deep("")), 422, "invalid_request");
  const body = assertProblem(await echo(`{"rfc":"A","note":${deep('"\\u0000"')}}`), 422, "invalid_request");
  assert.equal(body.errors[0].path, `/note${"/0".repeat(50_000)}`);
});
