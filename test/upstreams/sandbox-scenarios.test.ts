import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.ts";
import type { UpstreamRegistry } from "../../src/upstreams/create-upstreams.ts";
import type { LookupResult } from "../../src/upstreams/result.ts";
import type { Upstreams } from "../../src/upstreams/upstreams.ts";
import { sandboxUpstreams } from "./helpers/build-upstreams.ts";
import { waitUntil } from "./helpers/wait-until.ts";

type Fault = { fault: string };
type Scenario = {
  rfc: string;
  name?: string;
  zip?: string;
  curp?: string;
  tags: string[];
  expect: {
    padron: { legend: string } | Fault;
    padron_rfc_only: { legend: string } | Fault;
    certificates: { serial: string; type: string; status: string; file: "served" | "missing" }[] | Fault;
    renapo?: { found: boolean; status_curp?: string } | Fault;
    registry?: { records: { fme: string; supported: boolean; rfc: string | null }[] } | Fault;
  };
};

const REASON_FOR_FAULT: Record<string, string> = {
  timeout: "timeout",
  error5xx: "http_error",
  reset: "network_error",
  garbage: "malformed",
};

// The search answers newest first; the scenario lists them in issue order.
const sortedListings = (items: readonly { serial: string; type: string; status: string }[]) =>
  items
    .map(({ serial, type, status }) => ({ serial, type, status }))
    .sort((a, b) => a.serial.localeCompare(b.serial));

const isFault = (value: object): value is Fault => "fault" in value;
const brief = (answer: LookupResult<unknown>) =>
  answer.status === "unavailable" ? `unavailable:${answer.reason}` : answer.status;

describe("every sandbox scenario through the upstream clients", () => {
  let sandbox: RunningSandbox;
  let registry: UpstreamRegistry;
  let upstreams: Upstreams;
  let scenarios: Scenario[];
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 7, size: 300, timeScale: 0 });
    ({ registry, upstreams } = sandboxUpstreams(sandbox.url, {
      PADRON_TIMEOUT_MS: "1500",
      CERTIFICATE_SEARCH_TIMEOUT_MS: "1500",
      CERTIFICATE_FILES_TIMEOUT_MS: "1500",
      RENAPO_TIMEOUT_MS: "1500",
      COMMERCE_REGISTRY_TIMEOUT_MS: "1500",
    }));
    scenarios = (await (await fetch(`${sandbox.url}/scenarios`)).json()) as Scenario[];
  });
  after(async () => {
    await registry.close();
    await sandbox.close();
  });

  it("answers what each scenario expects from padrón, certificates, RENAPO and the registry", async () => {
    assert.ok(scenarios.length > 30);
    for (const scenario of scenarios) {
      const label = `${scenario.rfc} (${scenario.tags.join(", ")})`;
      const { expect } = scenario;
      const padronChecks = [
        [
          expect.padron,
          await upstreams.padron.checkRecord({
            rfc: scenario.rfc,
            name: scenario.name ?? "",
            zip: scenario.zip ?? "",
          }),
        ],
        [expect.padron_rfc_only, await upstreams.padron.checkRfc(scenario.rfc)],
      ] as const;
      for (const [expected, answer] of padronChecks) {
        if (isFault(expected))
          assert.equal(brief(answer), `unavailable:${REASON_FOR_FAULT[expected.fault]}`, label);
        else assert.equal(answer.status === "ok" && answer.value.legend, expected.legend, label);
      }

      const search = await upstreams.certificateSearch.searchByRfc(scenario.rfc);
      if (isFault(expect.certificates)) {
        assert.equal(brief(search), `unavailable:${REASON_FOR_FAULT[expect.certificates.fault]}`, label);
      } else {
        assert.equal(search.status, "ok", `${label} ${JSON.stringify(search)}`);
        assert.deepEqual(sortedListings(search.value), sortedListings(expect.certificates), label);
        for (const certificate of expect.certificates) {
          const file = await upstreams.certificateFiles.download(certificate.serial);
          assert.equal(file.status, certificate.file === "served" ? "ok" : "not_found", label);
        }
      }

      if (expect.renapo && scenario.curp) {
        const person = await upstreams.renapo.lookupCurp(scenario.curp);
        if (isFault(expect.renapo))
          assert.equal(brief(person), `unavailable:${REASON_FOR_FAULT[expect.renapo.fault]}`, label);
        else if (!expect.renapo.found) assert.equal(person.status, "not_found", label);
        else
          assert.equal(person.status === "ok" && person.value.statusCurp, expect.renapo.status_curp, label);
      }

      if (expect.registry && scenario.name) {
        const found = await upstreams.commerceRegistry.searchByName(scenario.name);
        if (isFault(expect.registry))
          assert.equal(brief(found), `unavailable:${REASON_FOR_FAULT[expect.registry.fault]}`, label);
        else
          assert.deepEqual(
            found.status === "ok" &&
              found.value.map((record) => ({
                fme: record.fme,
                supported: record.supported,
                rfc: record.supported ? record.rfc : null,
              })),
            expect.registry.records,
            label,
          );
      }
    }
  });

  it("downloads the sandbox's SEPOMEX catalog", async () => {
    const catalog = await upstreams.postalCatalog.download();
    assert.equal(catalog.status, "ok");
    assert.ok(catalog.value.length > 1000);
    assert.ok(catalog.value.every((settlement) => /^\d{5}$/.test(settlement.zip)));
  });

  it("cancels a held padrón call on abort, and the sandbox counts the abort", async () => {
    const held = scenarios.find((scenario) => scenario.tags.includes("sat_timeout"));
    assert.ok(held);
    await fetch(`${sandbox.url}/_control/stats`, { method: "DELETE" });
    const controller = new AbortController();
    const pending = upstreams.padron.validate([{ rfc: held.rfc, name: "", zip: "" }], {
      signal: controller.signal,
    });
    await waitUntil(async () => (await padronCounts()).started === 1, "the call to reach the sandbox");
    controller.abort();
    assert.deepEqual(await pending, { status: "unavailable", reason: "aborted" });
    await waitUntil(async () => (await padronCounts()).aborted === 1, "the sandbox to count the abort");
  });

  async function padronCounts(): Promise<{ started: number; aborted: number }> {
    const stats = (await (await fetch(`${sandbox.url}/_control/stats`)).json()) as Record<string, never>;
    return stats.padron;
  }
});
