import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { certificateFilePath } from "../../src/sandbox/formats/certificate-files.ts";
import type { Scenario } from "../../src/sandbox/scenario-expectations.ts";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.ts";
import { parseCsfPage } from "../../src/upstreams/sat-csf/parse-csf-page.ts";

const REQUIRED_TAGS = [
  "registered_company",
  "registered_individual",
  "individual_without_curp",
  "not_registered",
  "name_mismatch",
  "zip_mismatch",
  "fiel_only",
  "no_certificates",
  "revoked_certificate",
  "expired_certificate",
  "certificate_file_missing",
  "list_69_firmes",
  "list_69_exigibles",
  "list_69_no_localizados",
  "list_69_cancelados",
  "list_69_sentencias",
  "list_69b_presunto",
  "list_69b_definitivo",
  "list_69b_desvirtuado",
  "list_69b_sentencia_favorable",
  "list_69b_bis",
  "several_lists",
  "renapo_baja",
  "renapo_homonym",
  "renapo_unavailable",
  "sat_timeout",
  "sat_error",
  "sat_garbage",
  "certificates_unavailable",
  "registry_single_folio",
  "registry_multiple_folios",
  "registry_unsupported_only",
  "registry_rfc_mismatch",
  "registry_no_match",
  "registry_unavailable",
  "rfc_with_enye",
  "rfc_with_ampersand",
  "csf_company",
  "csf_person",
  "csf_several_regimes",
  "csf_suspended",
  "csf_invalid_pair",
  "csf_unavailable",
];

type Fault = { fault: string };
const isFault = (value: unknown): value is Fault =>
  typeof value === "object" && value !== null && "fault" in value;

let sandbox: RunningSandbox;
let scenarios: Scenario[];

/** What the upstream did, in the vocabulary of `expect`: a fault kind or the parsed body. */
async function observe(url: string, init: RequestInit = {}): Promise<{ fault: string } | { body: Response }> {
  let response: Response;
  try {
    // Generous: only the held (timeout) scenarios should ever reach it, even on a loaded machine.
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(3000) });
  } catch (error) {
    const name = (error as Error).name;
    return { fault: name === "TimeoutError" ? "timeout" : "reset" };
  }
  if (response.status >= 500) return { fault: "error5xx" };
  return { body: response };
}

async function padronLegend(record: string): Promise<Fault | { legend: string }> {
  const seen = await observe(`${sandbox.url}/padron/validate`, {
    method: "POST",
    headers: { "content-type": "text/plain" },
    body: `${record}\r\n`,
  });
  if ("fault" in seen) return seen;
  const fields = (await seen.body.text()).trim().split("|");
  if (fields.length !== 5) return { fault: "garbage" };
  return { legend: fields[4] };
}

before(async () => {
  sandbox = await startSandbox({ seed: 7, size: 600, timeScale: 0, maxHoldMs: 5000 });
  scenarios = (await (await fetch(`${sandbox.url}/scenarios`)).json()) as Scenario[];
});
after(() => sandbox.close());

describe("GET /scenarios", () => {
  it("covers every tag the issue requires", () => {
    const tags = new Set(scenarios.flatMap((s) => s.tags));
    for (const tag of REQUIRED_TAGS) assert.ok(tags.has(tag), `no scenario for ${tag}`);
  });

  it("each scenario's expect matches what every upstream answers over HTTP", async () => {
    for (const scenario of scenarios) {
      const label = `${scenario.tags.join(",")} ${scenario.rfc}`;
      const { expect } = scenario;
      assert.deepEqual(
        await padronLegend(`1|${scenario.rfc}|${scenario.name ?? ""}|${scenario.zip ?? ""}`),
        expect.padron,
        label,
      );
      assert.deepEqual(await padronLegend(`1|${scenario.rfc}||`), expect.padron_rfc_only, label);

      const search = await observe(`${sandbox.url}/certificates?rfc=${encodeURIComponent(scenario.rfc)}`);
      if (isFault(expect.certificates)) assert.deepEqual(search, expect.certificates, label);
      else {
        assert.ok("body" in search, label);
        const listed = (await search.body.json()) as { serial: string; type: string; status: string }[];
        const observed = [];
        for (const item of listed) {
          const file = await fetch(`${sandbox.url}/${certificateFilePath(item.serial)}`);
          await file.arrayBuffer();
          observed.push({
            ...item,
            file: file.status === 200 ? "served" : file.status === 404 ? "missing" : String(file.status),
          });
        }
        const comparable = (items: { serial: string; type: string; status: string; file: string }[]) =>
          items
            .map(({ serial, type, status, file }) => ({ serial, type, status, file }))
            .sort((a, b) => a.serial.localeCompare(b.serial));
        assert.deepEqual(comparable(observed), comparable(expect.certificates), label);
      }

      if (scenario.curp) {
        const seen = await observe(`${sandbox.url}/renapo/curp/${scenario.curp}`);
        if ("fault" in seen) assert.deepEqual(seen, expect.renapo, label);
        else {
          const answer = (await seen.body.json()) as { codigo: string; registros: { statusCurp: string }[] };
          const observed =
            answer.codigo === "01"
              ? { found: true, status_curp: answer.registros[0].statusCurp }
              : { found: false };
          assert.deepEqual(observed, expect.renapo, label);
        }
      } else assert.equal(expect.renapo, undefined, label);

      if (expect.registry) {
        const seen = await observe(
          `${sandbox.url}/registry/search?name=${encodeURIComponent(scenario.name ?? "")}`,
        );
        if ("fault" in seen) assert.deepEqual(seen, expect.registry, label);
        else {
          const answer = (await seen.body.json()) as {
            records: { fme: string; supported: boolean; rfc?: string | null }[];
          };
          const observed = answer.records.map((r) => ({
            fme: r.fme,
            supported: r.supported,
            rfc: r.rfc ?? null,
          }));
          assert.deepEqual({ records: observed }, expect.registry, label);
        }
      }

      if (scenario.id_cif) {
        const d3 = encodeURIComponent(`${scenario.id_cif}_${scenario.rfc}`);
        const seen = await observe(
          `${sandbox.url}/app/qr/faces/pages/mobile/validadorqr.jsf?D1=10&D2=1&D3=${d3}`,
        );
        if ("fault" in seen) assert.deepEqual(seen, expect.csf, label);
        else {
          const record = parseCsfPage(await seen.body.text(), scenario.rfc);
          const observed = record
            ? {
                found: true,
                status: record.status,
                zip: record.zip,
                regimes: record.regimes.map((r) => r.code),
              }
            : { found: false };
          assert.deepEqual(observed, expect.csf, label);
        }
      } else assert.equal(expect.csf, undefined, label);
    }
  });

  it("list expectations match the served list files", async () => {
    const { default: iconv } = await import("iconv-lite");
    const cache = new Map<string, string>();
    const { LIST_FILES } = await import("../../src/sandbox/formats/list-files.ts");
    for (const entry of LIST_FILES) {
      const response = await fetch(`${sandbox.url}/Datos_abiertos/${entry.folder}/${entry.file}`);
      cache.set(entry.file, iconv.decode(Buffer.from(await response.arrayBuffer()), "win1252"));
    }
    for (const scenario of scenarios) {
      const expected = new Set(scenario.expect.lists.map((l) => l.file));
      for (const entry of LIST_FILES) {
        const listed =
          (cache.get(entry.file) ?? "").includes(`,${scenario.rfc},`) ||
          (cache.get(entry.file) ?? "").startsWith(`${scenario.rfc},`) ||
          (cache.get(entry.file) ?? "").includes(`\r\n${scenario.rfc},`);
        assert.equal(listed, expected.has(entry.file), `${scenario.tags.join(",")} in ${entry.file}`);
      }
    }
  });

  it("tags mean what they say", () => {
    const byTag = (tag: string) => scenarios.find((s) => s.tags.includes(tag))!;
    assert.match(byTag("rfc_with_enye").rfc, /Ñ/);
    assert.match(byTag("rfc_with_ampersand").rfc, /&/);
    const registry = (tag: string) =>
      byTag(tag).expect.registry as { records: { supported: boolean; rfc: string | null }[] };
    assert.equal(registry("registry_single_folio").records.length, 1);
    assert.ok(registry("registry_multiple_folios").records.length > 1);
    assert.ok(registry("registry_unsupported_only").records.every((r) => !r.supported));
    assert.ok(
      registry("registry_rfc_mismatch").records.some((r) => r.rfc !== byTag("registry_rfc_mismatch").rfc),
    );
    assert.equal(registry("registry_no_match").records.length, 0);
    const renapo = (tag: string) => byTag(tag).expect.renapo as { found: boolean; status_curp?: string };
    assert.match(renapo("renapo_baja").status_curp ?? "", /^B/);
    assert.equal(renapo("renapo_homonym").status_curp, "AH");
    assert.deepEqual(byTag("renapo_unavailable").expect.renapo, { fault: "error5xx" });
    assert.deepEqual(byTag("sat_timeout").expect.padron, { fault: "timeout" });
    assert.equal(byTag("individual_without_curp").curp, undefined);
    const certificates = (tag: string) =>
      byTag(tag).expect.certificates as { type: string; status: string; file: string }[];
    assert.deepEqual(
      certificates("fiel_only").map((c) => c.type),
      ["FIEL"],
    );
    assert.equal(certificates("no_certificates").length, 0);
    assert.ok(certificates("revoked_certificate").some((c) => c.status === "Revocado"));
    assert.ok(certificates("expired_certificate").some((c) => c.status === "Caduco"));
    assert.ok(certificates("certificate_file_missing").some((c) => c.file === "missing"));
  });
});
