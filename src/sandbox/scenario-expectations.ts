import { registryNameKey } from "../mexico/compare-names.ts";
import { dateOfDay } from "../registration/list-date.ts";
import { padronLegendFor } from "./answer-padron.ts";
import { findListFile } from "./formats/list-files.ts";
import { csfFactsOf, idCifOf } from "./population/csf-facts.ts";
import { obligationsOf, onRfcList, rfcListFlags } from "./population/registration-facts.ts";
import { searchRegistry } from "./population/registry-folios.ts";
import type { Population, ScenarioSeed, Taxpayer } from "./population/types.ts";

type Fault = { fault: string };

/** What each upstream answers for a scenario; the scenario test checks every field over HTTP. */
type ScenarioExpectation = {
  /** Padrón with the scenario's name and CP (`1|RFC|NAME|CP`). */
  padron: { legend: string } | Fault;
  /** Padrón RFC-only check (`1|RFC||`). */
  padron_rfc_only: { legend: string } | Fault;
  certificates: { serial: string; type: string; status: string; file: "served" | "missing" }[] | Fault;
  renapo?: { found: boolean; status_curp?: string } | Fault;
  lists: { file: string; article: string; sub_list: string; situation: string }[];
  registry?: { records: { fme: string; supported: boolean; rfc: string | null }[] } | Fault;
  /** SAT's CSF page for `rfc` + `id_cif`: not found for a wrong pair, else status, CP and regime keys. */
  csf?: { found: false } | { found: true; status: string; zip: string; regimes: string[] } | Fault;
  /** SAT's registered-RFC list on its newest two dates and the certificate list (POST /v1/rfc/registration). */
  registration: ReturnType<typeof registrationFor>;
};

export type Scenario = ScenarioSeed & { expect: ScenarioExpectation };

/** Every scenario as of a day (days since 1970; default today): the rotating list scenarios change daily. */
export function describeScenarios(
  population: Population,
  day = Math.floor(Date.now() / 86_400_000),
): Scenario[] {
  const rotating = population.taxpayers.filter((taxpayer) => taxpayer.registration?.absent);
  const removed = rotating.find((t) => !onRfcList(population, t, day));
  const restored = rotating.find((t) => !onRfcList(population, t, day - 1));
  const seedOf = (taxpayer: Taxpayer | undefined, tag: string): ScenarioSeed[] =>
    taxpayer ? [{ rfc: taxpayer.rfc, name: taxpayer.padronName, zip: taxpayer.zip, tags: [tag] }] : [];
  const seeds = [
    ...population.scenarios,
    ...seedOf(removed, "registration_removed_on_newest"),
    ...seedOf(restored, "registration_restored_on_newest"),
  ];
  return seeds.map((seed) => ({ ...seed, expect: expectationFor(population, seed, day) }));
}

function faultFor(population: Population, identifier: string, upstream: string): Fault | null {
  const fault = population.magicFaults.get(identifier);
  return fault && fault.upstream === upstream ? { fault: fault.kind } : null;
}

function expectationFor(population: Population, seed: ScenarioSeed, day: number): ScenarioExpectation {
  const taxpayer = population.byRfc.get(seed.rfc);
  const record = { consecutivo: "1", rfc: seed.rfc, name: seed.name ?? "", zip: seed.zip ?? "" };
  const padronFault = faultFor(population, seed.rfc, "padron");
  const expect: ScenarioExpectation = {
    padron: padronFault ?? { legend: padronLegendFor(population, record) },
    padron_rfc_only: padronFault ?? { legend: padronLegendFor(population, { ...record, name: "", zip: "" }) },
    certificates:
      faultFor(population, seed.rfc, "certificate-search") ??
      (taxpayer?.certificates ?? []).map(({ serial, type, status, fileMissing }) => ({
        serial,
        type,
        status,
        file: fileMissing ? "missing" : "served",
      })),
    lists: (taxpayer?.lists ?? []).map(({ file, situation }) => {
      const entry = findListFile(file);
      return { file, article: entry?.article ?? "", sub_list: entry?.subList ?? "", situation };
    }),
    registration: registrationFor(population, taxpayer, day),
  };
  if (seed.id_cif) {
    const facts = taxpayer && idCifOf(taxpayer.rfc) === seed.id_cif ? csfFactsOf(population, taxpayer) : null;
    expect.csf =
      faultFor(population, seed.rfc, "sat-csf") ??
      (facts && taxpayer
        ? { found: true, status: facts.status, zip: taxpayer.zip, regimes: facts.regimes.map((r) => r.code) }
        : { found: false });
  }
  if (seed.curp) {
    const person = population.personsByCurp.get(seed.curp);
    expect.renapo =
      faultFor(population, seed.curp, "renapo") ??
      (person ? { found: true, status_curp: person.renapoStatus } : { found: false });
  }
  if (seed.rfc.length === 12 && seed.name) {
    const key = registryNameKey(seed.name);
    expect.registry = faultFor(population, key, "commerce-registry") ?? {
      records: searchRegistry(population, key).map(({ fme, supported, rfc }) => ({
        fme,
        supported,
        rfc: supported ? rfc : null,
      })),
    };
  }
  return expect;
}

/** What a sync of the newest two dates shows: the list on `day`, removed that day or not, the CSDs. */
function registrationFor(population: Population, taxpayer: Taxpayer | undefined, day: number) {
  const registered = taxpayer ? onRfcList(population, taxpayer, day) : false;
  const flags = taxpayer && registered ? rfcListFlags(population, taxpayer, day) : null;
  const sellos = (taxpayer?.certificates ?? []).filter((certificate) => certificate.type === "SELLO");
  return {
    registered,
    removed_on: taxpayer && !registered && onRfcList(population, taxpayer, day - 1) ? dateOfDay(day) : null,
    sncf: flags === null ? null : (flags & 1) === 1,
    subcontracting: flags === null ? null : (flags & 2) === 2,
    can_invoice:
      registered &&
      !!taxpayer &&
      obligationsOf(taxpayer) !== 0 &&
      sellos.some((c) => c.status === "Activo" && Date.parse(c.validTo) > day * 86_400_000),
    certificates: sellos.map((certificate) => ({ serial: certificate.serial, status: certificate.status })),
  };
}
