import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import Fastify, { type FastifyInstance } from "fastify";
import { Agent, fetch } from "undici";
import { applyFault } from "../../../src/sandbox/chaos/apply-fault.ts";
import type { FaultKind } from "../../../src/sandbox/chaos/fault-plan.ts";
import { isUpstream } from "../../../src/sandbox/chaos/upstreams.ts";

describe("applyFault on a real Fastify server", () => {
  let app: FastifyInstance;
  let base: string;
  let released = 0;
  const dispatcher = new Agent({ keepAliveTimeout: 10 });

  before(async () => {
    app = Fastify({ forceCloseConnections: true });
    app.get<{ Params: { kind: string }; Querystring: { upstream?: string; hold?: string } }>(
      "/fault/:kind",
      async (request, reply) => {
        const kind = request.params.kind as FaultKind;
        const upstream = request.query.upstream;
        const result = await applyFault(kind, request, reply, {
          upstream: upstream && isUpstream(upstream) ? upstream : undefined,
          maxHoldMs: request.query.hold ? Number(request.query.hold) : undefined,
        });
        if (kind === "timeout") released++;
        return result;
      },
    );
    app.get("/ok", async () => ({ ok: true }));
    base = await app.listen({ host: "127.0.0.1", port: 0 });
  });

  after(async () => {
    await app.close();
    await dispatcher.close();
  });

  it("error5xx answers 503 with an HTML body", async () => {
    const response = await fetch(`${base}/fault/error5xx`, { dispatcher });
    assert.equal(response.status, 503);
    assert.match(response.headers.get("content-type")!, /^text\/html/);
    assert.match(await response.text(), /Service Unavailable/);
  });

  it("garbage answers 200 with the upstream's content type and an unreadable body", async () => {
    const json = await fetch(`${base}/fault/garbage?upstream=renapo`, { dispatcher });
    assert.equal(json.status, 200);
    assert.match(json.headers.get("content-type")!, /^application\/json/);
    await assert.rejects(json.json(), SyntaxError);

    const csv = await fetch(`${base}/fault/garbage?upstream=contributor-lists`, { dispatcher });
    assert.equal(csv.status, 200);
    assert.equal(csv.headers.get("content-type"), "text/csv");
    assert.ok((await csv.text()).length > 0);

    const padron = await fetch(`${base}/fault/garbage?upstream=padron`, { dispatcher });
    const lines = (await padron.text()).split("\r\n").filter(Boolean);
    assert.ok(
      lines.some((line) => line.split("|").length !== 5),
      "some line is not consecutivo|RFC|NOMBRE|CP|LEYENDA",
    );
  });

  it("reset drops the connection without an HTTP answer", async () => {
    await assert.rejects(fetch(`${base}/fault/reset`, { dispatcher }), (error: Error) => {
      assert.equal((error.cause as NodeJS.ErrnoException).code, "ECONNRESET");
      return true;
    });
    const after = await fetch(`${base}/ok`, { dispatcher });
    assert.equal(after.status, 200);
  });

  it("timeout never answers: the client gives up and the server releases the request", async () => {
    const before = released;
    await assert.rejects(
      fetch(`${base}/fault/timeout`, { dispatcher, signal: AbortSignal.timeout(150) }),
      (error: Error) => error.name === "TimeoutError",
    );
    await waitFor(() => released === before + 1);
  });

  it("timeout drops the connection itself after maxHoldMs when the client waits forever", async () => {
    await assert.rejects(fetch(`${base}/fault/timeout?hold=100`, { dispatcher }), (error: Error) => {
      assert.equal((error.cause as NodeJS.ErrnoException).code, "UND_ERR_SOCKET");
      return true;
    });
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000; // a hang guard only: a loaded CI machine can be slow
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(condition(), "condition reached");
}
