import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { certificateFilePath } from "../../src/sandbox/formats/certificate-files.ts";
import { LIST_FILES } from "../../src/sandbox/formats/list-files.ts";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.ts";

let first: RunningSandbox;
let second: RunningSandbox;
let other: RunningSandbox;

async function bytes(sandbox: RunningSandbox, path: string, init?: RequestInit): Promise<Buffer> {
  const response = await fetch(`${sandbox.url}${path}`, init);
  return Buffer.from(await response.arrayBuffer());
}

before(async () => {
  [first, second, other] = await Promise.all([
    startSandbox({ seed: 42, size: 800, timeScale: 0 }),
    startSandbox({ seed: 42, size: 800, timeScale: 0 }),
    startSandbox({ seed: 43, size: 800, timeScale: 0 }),
  ]);
});
after(() => Promise.all([first.close(), second.close(), other.close()]));

describe("same seed → same sandbox", () => {
  it("list files and the postal catalog are byte-identical, and differ for another seed", async () => {
    for (const entry of LIST_FILES) {
      const path = `/Datos_abiertos/${entry.folder}/${entry.file}`;
      assert.ok((await bytes(first, path)).equals(await bytes(second, path)), entry.file);
    }
    const catalog = "/sepomex/CPdescarga.txt";
    assert.ok((await bytes(first, catalog)).equals(await bytes(second, catalog)));
    assert.ok(!(await bytes(first, catalog)).equals(await bytes(other, catalog)));
    const firmes = "/Datos_abiertos/Documents_AGR/Firmes.csv";
    assert.ok(!(await bytes(first, firmes)).equals(await bytes(other, firmes)));
  });

  it("certificates are byte-identical DER", async () => {
    const serials = first.population.taxpayers
      .slice(0, 40)
      .flatMap((t) => t.certificates.filter((c) => !c.fileMissing).map((c) => c.serial));
    assert.ok(serials.length > 20);
    for (const serial of serials.slice(0, 25)) {
      const path = `/${certificateFilePath(serial)}`;
      const a = await bytes(first, path);
      assert.ok(a.length > 500);
      assert.ok(a.equals(await bytes(second, path)), serial);
    }
  });

  it("identical answers from padrón, certificate search, RENAPO, registry and scenarios", async () => {
    const taxpayers = first.population.taxpayers.filter((_, index) => index % 20 === 0);
    const padronBody = taxpayers.map((t, i) => `${i + 1}|${t.rfc}|${t.padronName}|${t.zip}`).join("\r\n");
    const init = { method: "POST", headers: { "content-type": "text/plain" }, body: padronBody };
    assert.ok(
      (await bytes(first, "/padron/validate", init)).equals(await bytes(second, "/padron/validate", init)),
    );
    for (const taxpayer of taxpayers) {
      const search = `/certificates?rfc=${encodeURIComponent(taxpayer.rfc)}`;
      assert.ok((await bytes(first, search)).equals(await bytes(second, search)));
      const person = taxpayer.person ?? taxpayer.legalRepresentative!;
      assert.ok(
        (await bytes(first, `/renapo/curp/${person.curp}`)).equals(
          await bytes(second, `/renapo/curp/${person.curp}`),
        ),
      );
      const registry = `/registry/search?name=${encodeURIComponent(taxpayer.name)}`;
      assert.ok((await bytes(first, registry)).equals(await bytes(second, registry)));
    }
    assert.ok((await bytes(first, "/scenarios")).equals(await bytes(second, "/scenarios")));
    assert.deepEqual(
      first.population.taxpayers.map((t) => t.rfc),
      second.population.taxpayers.map((t) => t.rfc),
    );
    assert.notDeepEqual(
      first.population.taxpayers.map((t) => t.rfc),
      other.population.taxpayers.map((t) => t.rfc),
    );
  });
});
