import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, test } from "node:test";
import Fastify from "fastify";
import { createUpstreams } from "../../src/upstreams/create-upstreams.ts";
import { upstreamConfig } from "./helpers/build-upstreams.ts";

// A loopback stand-in for SAT's page, answering the saved pages by the pair in D3 (scripted per test).
const fixture = (name: string) => readFileSync(new URL(`../fixtures/csf/${name}`, import.meta.url), "utf8");
const PATH = "/app/qr/faces/pages/mobile/validadorqr.jsf";
const seen: Record<string, string>[] = [];
let script: (d3: string) => { status: number; body: string } = () => ({ status: 200, body: "" });
const server = Fastify();
server.get(PATH, async (request, reply) => {
  const query = request.query as Record<string, string>;
  seen.push({ ...query });
  const answer = script(query.D3);
  return reply.code(answer.status).type("text/html; charset=UTF-8").send(answer.body);
});
await server.listen({ port: 0, host: "127.0.0.1" });
const url = `http://127.0.0.1:${(server.server.address() as { port: number }).port}${PATH}`;
const logs: { level: string; message: string; fields: Record<string, unknown> }[] = [];
const registry = createUpstreams({
  config: upstreamConfig({ SAT_CSF_URL: url, SAT_CSF_TIMEOUT_MS: "2000" }),
  sandboxUrl: null,
  log: (level, message, fields = {}) => logs.push({ level, message, fields }),
});
const csf = registry.forMode("live").satCsf;
after(async () => {
  await registry.close();
  await server.close();
});

const pages: Record<string, string> = {
  "19030110321_CAGX7905047W7": fixture("satcfdi-persona_fisica.html"),
  "12345678901_AAA010101AAA": fixture("phpcfdi-scrap_moral.html"),
};
const bySat = (d3: string) => ({ status: 200, body: pages[d3] ?? fixture("satcfdi-invalid.html") });

test("asks D1=10, D2=1, D3={idCIF}_{RFC} and reads the record; a second ask is answered from the cache", async () => {
  script = bySat;
  seen.length = 0;
  const answer = await csf.lookup("CAGX7905047W7", "19030110321");
  assert.equal(answer.status, "ok");
  assert.equal(answer.status === "ok" && answer.value.record?.paternalSurname, "CASTAÑEDA");
  assert.ok(answer.status === "ok" && !Number.isNaN(Date.parse(answer.value.checkedAt)));
  assert.deepEqual(seen, [{ D1: "10", D2: "1", D3: "19030110321_CAGX7905047W7" }]);
  assert.deepEqual(await csf.lookup("CAGX7905047W7", "19030110321"), answer);
  assert.equal(seen.length, 1);
});

test("a pair SAT does not recognise is a definite answer: record null", async () => {
  script = bySat;
  const answer = await csf.lookup("CAGX7905047W7", "99999999999");
  assert.deepEqual(answer.status === "ok" && answer.value.record, null);
});

test("a 5xx is retried (an idempotent read)", async () => {
  let calls = 0;
  script = (d3) => (++calls === 1 ? { status: 503, body: "busy" } : bySat(d3));
  const answer = await csf.lookup("AAA010101AAA", "12345678901");
  assert.equal(answer.status === "ok" && answer.value.record?.name, "Mi razón social");
  assert.equal(calls, 2);
});

test("an unrecognised page is unavailable, not retried, and logged with the page kept", async () => {
  let calls = 0;
  const page = "<html><body><h1>Mantenimiento programado</h1></body></html>";
  script = () => {
    calls++;
    return { status: 200, body: page };
  };
  const answer = await csf.lookup("AAA010101AAA", "55555555555");
  assert.equal(answer.status, "unavailable");
  assert.equal(answer.status === "unavailable" && answer.reason, "malformed");
  assert.equal(calls, 1);
  const line = logs.find((entry) => entry.fields.id_cif === "55555555555");
  assert.equal(line?.level, "warn");
  assert.equal(line?.fields.page, page);
  assert.match(String(line?.fields.reason), /tiene asociada/);
});

test("without SAT_CSF_URL the source is not configured", async () => {
  const bare = createUpstreams({ config: upstreamConfig({ SAT_CSF_URL: "" }), sandboxUrl: null });
  const answer = await bare.forMode("live").satCsf.lookup("AAA010101AAA", "12345678901");
  assert.deepEqual(answer, { status: "unavailable", reason: "not_configured" });
  await bare.close();
});
