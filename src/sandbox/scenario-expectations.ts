import { registryNameKey } from "../mexico/compare-names.ts";
import { padronLegendFor } from "./answer-padron.ts";
import { findListFile } from "./formats/list-files.ts";
import type { PadronRecord } from "./formats/padron-validation.ts";
import { searchRegistry } from "./population/registry-folios.ts";
import type { Population, ScenarioSeed } from "./population/types.ts";

type Fault = { fault: string };

/** What each upstream answers for a scenario; the scenario test checks every field over HTTP. */
export type ScenarioExpectation = {
  /** Padrón with the scenario's name and CP (`1|RFC|NAME|CP`). */
  padron: { legend: string } | Fault;
  /** Padrón RFC-only check (`1|RFC||`). */
  padron_rfc_only: { legend: string } | Fault;
  certificates: { serial: string; type: string; status: string; file: "served" | "missing" }[] | Fault;
  renapo?: { found: boolean; status_curp?: string } | Fault;
  lists: { file: string; article: string; sub_list: string; situation: string }[];
  registry?: { records: { fme: string; supported: boolean; rfc: string | null }[] } | Fault;
};

export type Scenario = ScenarioSeed & { expect: ScenarioExpectation };

export function describeScenarios(population: Population): Scenario[] {
  return population.scenarios.map((seed) => ({ ...seed, expect: expectationFor(population, seed) }));
}

function faultFor(population: Population, identifier: string, upstream: string): Fault | null {
  const fault = population.magicFaults.get(identifier);
  return fault && fault.upstream === upstream ? { fault: fault.kind } : null;
}

function expectationFor(population: Population, seed: ScenarioSeed): ScenarioExpectation {
  const taxpayer = population.byRfc.get(seed.rfc);
  const record: PadronRecord = {
    consecutivo: "1",
    rfc: seed.rfc,
    name: seed.name ?? "",
    zip: seed.zip ?? "",
  };
  const padronFault = faultFor(population, seed.rfc, "padron");
  const expect: ScenarioExpectation = {
    padron: padronFault ?? { legend: padronLegendFor(population, record) },
    padron_rfc_only: padronFault ?? { legend: padronLegendFor(population, { ...record, name: "", zip: "" }) },
    certificates:
      faultFor(population, seed.rfc, "certificate-search") ??
      (taxpayer?.certificates ?? []).map((c) => ({
        serial: c.serial,
        type: c.type,
        status: c.status,
        file: c.fileMissing ? ("missing" as const) : ("served" as const),
      })),
    lists: (taxpayer?.lists ?? []).map((membership) => {
      const entry = findListFile(membership.file);
      return {
        file: membership.file,
        article: entry?.article ?? "",
        sub_list: entry?.subList ?? "",
        situation: membership.situation,
      };
    }),
  };
  if (seed.curp) {
    const person = population.personsByCurp.get(seed.curp);
    expect.renapo =
      faultFor(population, seed.curp, "renapo") ??
      (person ? { found: true, status_curp: person.renapoStatus } : { found: false });
  }
  if (seed.rfc.length === 12 && seed.name) {
    const key = registryNameKey(seed.name);
    expect.registry = faultFor(population, key, "commerce-registry") ?? {
      records: searchRegistry(population, key).map((f) => ({
        fme: f.fme,
        supported: f.supported,
        rfc: f.supported ? f.rfc : null,
      })),
    };
  }
  return expect;
}
