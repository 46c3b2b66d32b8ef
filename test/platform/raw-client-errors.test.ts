import assert from "node:assert/strict";
import net from "node:net";
import { after, before, test } from "node:test";
import { ERRORS } from "../../src/platform/errors.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner, type TestOwner } from "../helpers/owners.ts";

// Every error is a problem document with a code of the closed list and a request id: also what
// Node's HTTP parser refuses before Fastify sees a request, and an unknown page under /docs.
let padron: TestApp;
let owner: TestOwner;
let port: number;
before(async () => {
  padron = await startTestApp();
  port = Number(new URL(await padron.listen()).port);
  owner = await mintOwner(padron.database.db, { mode: "test" });
});
after(() => padron.close());

type Answer = { status: number; headers: Record<string, string>; body: string };

/** One raw HTTP/1.1 exchange, as a client library with a bug (or an oversized cookie) sends it. */
function exchange(request: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let text = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    socket.on("data", (chunk) => (text += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, ...rest] = text.split("\r\n\r\n");
      const [statusLine, ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
  });
}

function assertProblem(answer: Answer, status: number, code: string) {
  assert.equal(answer.status, status, JSON.stringify(answer));
  assert.match(answer.headers["content-type"] ?? "", /^application\/problem\+json/, JSON.stringify(answer));
  const body = JSON.parse(answer.body);
  assert.equal(body.code, code);
  assert.ok(body.code in ERRORS);
  assert.equal(body.status, status);
  assert.match(body.request_id, /^req_/);
  assert.equal(body.request_id, answer.headers["x-request-id"]);
}

test("headers over the server's limit are 431 headers_too_large, a problem document", async () => {
  const answer = await exchange(
    `GET /v1/account HTTP/1.1\r\nHost: x\r\nx-api-key: ${owner.key}\r\ncookie: ${"a".repeat(20_000)}\r\nConnection: close\r\n\r\n`,
  );
  assertProblem(answer, 431, "headers_too_large");
});

test("an unparsable Content-Length is 400 malformed_json, a problem document", async () => {
  const answer = await exchange(
    `POST /v1/rfc/verify HTTP/1.1\r\nHost: x\r\nx-api-key: ${owner.key}\r\ncontent-type: application/json\r\ncontent-length: 2x\r\nConnection: close\r\n\r\n{}`,
  );
  assertProblem(answer, 400, "malformed_json");
});

test("an unknown page under /docs is 404 not_found, like every other unknown path", async () => {
  const response = await padron.app.inject({ method: "GET", url: "/docs/nothing-here" });
  const answer = {
    status: response.statusCode,
    headers: response.headers as Record<string, string>,
    body: response.body,
  };
  assertProblem(answer, 404, "not_found");
});
