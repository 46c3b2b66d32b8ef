import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.ts";

let sandbox: RunningSandbox;
const FIRMES = "/Datos_abiertos/Documents_AGR/Firmes.csv";

before(async () => {
  sandbox = await startSandbox({ seed: 11, size: 400, timeScale: 0, maxHoldMs: 10_000 });
});
after(() => sandbox.close());

const post = (path: string, body: string, signal?: AbortSignal) =>
  fetch(`${sandbox.url}${path}`, { method: "POST", headers: { "content-type": "text/plain" }, body, signal });
// biome-ignore lint/suspicious/noExplicitAny: test reads loosely typed JSON bodies
const json = async (path: string, init?: RequestInit): Promise<any> =>
  (await fetch(`${sandbox.url}${path}`, init)).json();

describe("list files", () => {
  it("answer ETag and Last-Modified, and 304 to If-None-Match or If-Modified-Since", async () => {
    const first = await fetch(`${sandbox.url}${FIRMES}`);
    await first.arrayBuffer();
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    assert.match(etag, /^"[0-9a-f]{40}"$/);
    assert.ok(Date.parse(lastModified) < sandbox.population.asOf.getTime());
    assert.equal(
      (await fetch(`${sandbox.url}${FIRMES}`, { headers: { "if-none-match": etag } })).status,
      304,
    );
    assert.equal(
      (await fetch(`${sandbox.url}${FIRMES}`, { headers: { "if-modified-since": lastModified } })).status,
      304,
    );
    const older = new Date(Date.parse(lastModified) - 86_400_000).toUTCString();
    assert.equal(
      (await fetch(`${sandbox.url}${FIRMES}`, { headers: { "if-modified-since": older } })).status,
      200,
    );
    assert.equal(
      (await fetch(`${sandbox.url}${FIRMES}`, { headers: { "if-none-match": '"other"' } })).status,
      200,
    );
    assert.equal((await fetch(`${sandbox.url}${FIRMES}`, { method: "HEAD" })).status, 200);
  });

  it("are only served under their own folder and official name", async () => {
    assert.equal((await fetch(`${sandbox.url}/Datos_abiertos/Documents_AGAFF/Firmes.csv`)).status, 404);
    assert.equal(
      (await fetch(`${sandbox.url}/Datos_abiertos/Documents_AGAFF/Listado_Completo_69-B.csv`)).status,
      404,
    );
  });
});

describe("padrón validation", () => {
  it("answers every line in order with SAT's legends", async () => {
    const company = sandbox.population.taxpayers.find((t) => t.personType === "M" && t.rfc.length === 12)!;
    const body = [
      `1|${company.rfc}|${company.padronName}|${company.zip}`,
      `2|${company.rfc}|${company.name}|${company.zip}`,
      `3|${company.rfc.toLowerCase()}||`,
      `4|${company.rfc}|OTRA EMPRESA|${company.zip}`,
      `5|${company.rfc}|${company.padronName}|99999`,
      "6|AAA010101AAA|ALGUIEN|01000",
      "7|NO-ES-RFC|X|01000",
    ].join("\n");
    const lines = (await (await post("/padron/validate", body)).text()).trim().split("\r\n");
    assert.deepEqual(
      lines.map((line) => line.split("|")[4]),
      [
        "RFC válido, y susceptible de recibir facturas",
        // With its régimen de capital the name is not the one an invoice carries (CFDI 4.0).
        "El nombre, denominación o razón social no coincide con el registrado en el RFC",
        "RFC válido, y susceptible de recibir facturas",
        "El nombre, denominación o razón social no coincide con el registrado en el RFC",
        "El Código Postal no coincide con el registrado en el RFC",
        "RFC no registrado en el padrón de contribuyentes",
        "Estructura del RFC incorrecta",
      ],
    );
    assert.deepEqual(
      lines.map((line) => line.split("|")[0]),
      ["1", "2", "3", "4", "5", "6", "7"],
    );
  });

  it("takes 5,000 records and refuses 5,001 or a malformed line", async () => {
    const rfc = sandbox.population.taxpayers[0].rfc;
    const records = (n: number) => Array.from({ length: n }, (_, i) => `${i + 1}|${rfc}||`).join("\r\n");
    const ok = await post("/padron/validate", records(5000));
    assert.equal(ok.status, 200);
    assert.equal((await ok.text()).trim().split("\r\n").length, 5000);
    assert.equal((await post("/padron/validate", records(5001))).status, 413);
    assert.equal((await post("/padron/validate", "1|only-two")).status, 400);
  });
});

describe("RENAPO and registry", () => {
  it("RENAPO answers found and not-found in the gob.mx shape", async () => {
    const person =
      sandbox.population.taxpayers[0].legalRepresentative ?? sandbox.population.taxpayers[0].person!;
    const found = await json(`/renapo/curp/${person.curp}`);
    assert.equal(found.codigo, "01");
    assert.equal(found.registros[0].curp, person.curp);
    const missing = await json("/renapo/curp/SABC560626MDFLRN01");
    assert.equal(missing.codigo, "06");
    assert.deepEqual(missing.registros, []);
  });

  it("the registry searches by name ignoring punctuation, accents and legal form", async () => {
    const company = sandbox.population.taxpayers.find(
      (t) => t.registryFolioCount > 0 && !t.registryUnsupportedOnly,
    )!;
    const name = `${company.padronName.toLowerCase()}, S.A. de C.V.`;
    const answer = await json(`/registry/search?name=${encodeURIComponent(name)}`);
    assert.ok(answer.records.length >= company.registryFolioCount);
    assert.ok(answer.records.some((r: { rfc: string }) => r.rfc === company.rfc));
    assert.equal((await fetch(`${sandbox.url}/registry/search`)).status, 400);
  });

  it("the SEPOMEX catalog starts with the legal notice and the 15-column header, latin-1", async () => {
    const bytes = Buffer.from(await (await fetch(`${sandbox.url}/sepomex/CPdescarga.txt`)).arrayBuffer());
    const lines = bytes.toString("latin1").split("\r\n");
    assert.match(lines[0], /^El Catálogo Nacional de Códigos Postales/);
    assert.equal(lines[1].split("|").length, 15);
    assert.ok(bytes.includes(Buffer.from([0xe1])), "á as one latin-1 byte");
  });
});

describe("faults and counters", () => {
  it("the control endpoint sets a failure share per upstream and clears it", async () => {
    const rfc = sandbox.population.taxpayers[0].rfc;
    const set = await json("/_control/faults", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ "certificate-search": { share: 1, kinds: ["error5xx"] } }),
    });
    assert.deepEqual(set["certificate-search"], { share: 1, kinds: ["error5xx"] });
    assert.equal((await fetch(`${sandbox.url}/certificates?rfc=${rfc}`)).status, 503);
    await fetch(`${sandbox.url}/_control/faults`, { method: "DELETE" });
    assert.equal((await fetch(`${sandbox.url}/certificates?rfc=${rfc}`)).status, 200);
    const bad = await fetch(`${sandbox.url}/_control/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ nowhere: 1 }),
    });
    assert.equal(bad.status, 400);
  });

  it("counts padrón calls started together: one completes, the cancelled rest show as aborted", async () => {
    await fetch(`${sandbox.url}/_control/stats`, { method: "DELETE" });
    const held = sandbox.population.scenarios.find((s) => s.tags.includes("sat_timeout"))!.rfc;
    const normal = sandbox.population.taxpayers[0].rfc;
    const cancel = new AbortController();
    const slow = Array.from({ length: 4 }, () =>
      post("/padron/validate", `1|${held}||`, cancel.signal).catch(() => null),
    );
    const fast = await post("/padron/validate", `1|${normal}||`);
    await fast.text();
    let stats = await json("/_control/stats");
    for (const deadline = Date.now() + 60_000; stats.padron.started < 5 && Date.now() < deadline; ) {
      await sleep(10);
      stats = await json("/_control/stats");
    }
    assert.equal(stats.padron.started, 5);
    assert.equal(stats.padron.completed, 1);
    cancel.abort();
    await Promise.all(slow);
    for (const deadline = Date.now() + 60_000; stats.padron.aborted < 4 && Date.now() < deadline; ) {
      await sleep(10);
      stats = await json("/_control/stats");
    }
    assert.deepEqual(stats.padron, { started: 5, completed: 1, aborted: 4 });
  });
});
