import "reflect-metadata";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { promisify } from "node:util";
import iconv from "iconv-lite";
import { parseConfig } from "../../src/config.ts";
import { createPostalCodeCatalog } from "../../src/postal-codes/postal-code-catalog.ts";
import { startSandbox } from "../../src/sandbox/server.ts";
import { createUpstreams } from "../../src/upstreams/create-upstreams.ts";
import { freshDatabase } from "../helpers/database.ts";

const run = promisify(execFile);
const database = await freshDatabase();
const dir = mkdtempSync(join(tmpdir(), "padron-cp-"));
after(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const NOTICE =
  "El Catálogo Nacional de Códigos Postales, es elaborado por Correos de México y se proporciona en forma gratuita para uso particular, no estando permitida su comercialización, total o parcial, ni su distribución a terceros bajo ningún concepto.";
const HEADER =
  "d_codigo|d_asenta|d_tipo_asenta|D_mnpio|d_estado|d_ciudad|d_CP|c_estado|c_oficina|c_CP|c_tipo_asenta|c_mnpio|id_asenta_cpcons|d_zona|c_cve_ciudad";
const row = (zip: string, settlement: string, municipality: string, state: string, code: string) =>
  `${zip}|${settlement}|Colonia|${municipality}|${state}|${state}|${zip}|${code}|${zip}||09|010|0001|Urbano|01`;

/** A SEPOMEX TXT as Correos de México ships it: latin-1, legal notice first, CRLF. */
function writeCatalog(name: string, rows: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, iconv.encode([NOTICE, HEADER, ...rows, ""].join("\r\n"), "latin1"));
  return path;
}

async function importFile(path: string, ...args: string[]) {
  const { stdout } = await run(process.execPath, ["bin/padron.js", "postal-codes", "import", path, ...args], {
    env: { ...process.env, DATABASE_URL: database.url },
  });
  return stdout;
}

const codesOf = (mode: "live" | "sandbox") =>
  database.db.selectFrom("postal_codes").selectAll().where("mode", "=", mode).orderBy("zip").execute();

test("padron postal-codes import reads a latin-1 SEPOMEX file into the live catalog, one row per code", async () => {
  const path = writeCatalog("CPdescarga.txt", [
    row("01000", "San Ángel", "Álvaro Obregón", "Ciudad de México", "09"),
    row("01030", "Axotla", "Álvaro Obregón", "Ciudad de México", "09"),
    row("01030", "Florida", "Álvaro Obregón", "Ciudad de México", "09"),
    row("86035", "Peñitas", "Centro", "Tabasco", "27"),
  ]);
  const summary = JSON.parse(await importFile(path, "--json"));
  assert.deepEqual(summary, { mode: "live", codes: 3, settlements: 4 });
  const rows = await codesOf("live");
  assert.deepEqual(
    rows.map((r) => [r.zip, r.state, r.municipality, r.settlements]),
    [
      ["01000", "Ciudad de México", "Álvaro Obregón", 1],
      ["01030", "Ciudad de México", "Álvaro Obregón", 2],
      ["86035", "Tabasco", "Centro", 1],
    ],
  );
});

test("a new import replaces that mode's catalog and leaves the other mode alone", async () => {
  await importFile(
    writeCatalog("sandbox.txt", [row("20000", "Centro", "Aguascalientes", "Aguascalientes", "01")]),
    "--mode",
    "sandbox",
  );
  const text = await importFile(
    writeCatalog("second.txt", [row("44100", "Centro", "Guadalajara", "Jalisco", "14")]),
    "--force", // 1 code against 3: below POSTAL_CATALOG_MIN_CODE_RATIO
  );
  assert.match(text, /imported 1 postal codes \(1 settlements\) into the live catalog/);
  assert.deepEqual(
    (await codesOf("live")).map((r) => r.zip),
    ["44100"],
  );
  assert.deepEqual(
    (await codesOf("sandbox")).map((r) => r.zip),
    ["20000"],
  );
});

test("a file that is not a SEPOMEX catalog is refused with a message and changes nothing", async () => {
  const path = join(dir, "bad.txt");
  writeFileSync(path, "d_codigo,d_asenta\n01000,San Angel\n");
  await assert.rejects(importFile(path), (error: Error & { stderr: string }) => {
    assert.match(error.stderr, /padron postal-codes import: .*header not found/);
    return true;
  });
  await assert.rejects(
    importFile(writeCatalog("x.txt", [row("01000", "A", "B", "C", "09")]), "--mode", "staging"),
    /--mode must be live or sandbox/,
  );
  assert.deepEqual(
    (await codesOf("live")).map((r) => r.zip),
    ["44100"],
  );
});

test("columns are read by their header names, in any order; only a file missing a needed one is refused", async () => {
  // c_CP last and d_codigo in the middle, as some downloads have it; d_zona and d_ciudad left out.
  const columns = [
    "d_asenta",
    "D_mnpio",
    "c_estado",
    "d_codigo",
    "d_tipo_asenta",
    "d_estado",
    "c_mnpio",
    "c_CP",
  ];
  const cells: Record<string, string>[] = [
    { d_codigo: "64000", d_asenta: "Centro", D_mnpio: "Monterrey", d_estado: "Nuevo León", c_estado: "19" },
    { d_codigo: "64000", d_asenta: "Obispado", D_mnpio: "Monterrey", d_estado: "Nuevo León", c_estado: "19" },
    { d_codigo: "97000", d_asenta: "Centro", D_mnpio: "Mérida", d_estado: "Yucatán", c_estado: "31" },
  ];
  const lines = (header: string[]) => [
    header.join("|"),
    ...cells.map((cell) => header.map((name) => cell[name] ?? "").join("|")),
  ];
  const reordered = join(dir, "reordered.txt");
  writeFileSync(reordered, iconv.encode([NOTICE, ...lines(columns), ""].join("\r\n"), "latin1"));
  assert.deepEqual(JSON.parse(await importFile(reordered, "--json")), {
    mode: "live",
    codes: 2,
    settlements: 3,
  });
  assert.deepEqual(
    (await codesOf("live")).map((r) => [r.zip, r.state_code, r.state, r.municipality, r.settlements]),
    [
      ["64000", "19", "Nuevo León", "Monterrey", 2],
      ["97000", "31", "Yucatán", "Mérida", 1],
    ],
  );

  const withoutState = join(dir, "without-state.txt");
  const header = columns.filter((name) => name !== "d_estado");
  writeFileSync(withoutState, iconv.encode([NOTICE, ...lines(header), ""].join("\r\n"), "latin1"));
  await assert.rejects(importFile(withoutState), (error: Error & { stderr: string }) => {
    assert.match(error.stderr, /padron postal-codes import: .*lacks the column\(s\) d_estado$/m);
    return true;
  });
  assert.deepEqual(
    (await codesOf("live")).map((r) => r.zip),
    ["64000", "97000"],
    "a refused file changes nothing",
  );
});

test("the sandbox catalog is downloaded once, when first needed; live without an import is unavailable", async () => {
  const fresh = await freshDatabase();
  const sandbox = await startSandbox({ port: 0, seed: 1, size: 200, timeScale: 0 });
  const upstreams = createUpstreams({ config: parseConfig({}), sandboxUrl: sandbox.url });
  try {
    let clock = 1_000_000;
    const catalog = createPostalCodeCatalog(fresh.db, {
      sandboxSource: upstreams.forMode("test").postalCatalog,
      minCodeRatio: 0.9,
      now: () => clock,
    });
    assert.equal(await catalog.codes("live"), null);
    const [first, second] = await Promise.all([catalog.codes("sandbox"), catalog.codes("sandbox")]);
    assert.deepEqual(first, sandbox.population.postalCatalog.codes);
    assert.equal(second, first);
    clock += 60_000;
    assert.deepEqual(await catalog.codes("sandbox"), first);
    const stats = (await (await fetch(`${sandbox.url}/_control/stats`)).json()) as Record<
      string,
      { started: number }
    >;
    assert.equal(stats["postal-codes"].started, 1);
  } finally {
    await upstreams.close();
    await sandbox.close();
    await fresh.close();
  }
});
