import { registryNameKey } from "../../mexico/compare-names.ts";
import { chance, createRng, pick, randomDate, weighted } from "../chaos/rng.ts";
import { companyTaxpayer, individualTaxpayer } from "./build-taxpayer.ts";
import { generateCertificates, type SerialCounter } from "./generate-certificates.ts";
import { generateCompanyName } from "./generate-company-name.ts";
import { generateListMemberships } from "./generate-list-memberships.ts";
import { generatePerson, type IdentifierRegistry } from "./generate-person.ts";
import { ensurePostalCodes, postalCatalogSteps } from "./generate-postal-catalog.ts";
import { buildScenarioTaxpayers } from "./scenario-taxpayers.ts";
import type { PersonRecord, Population, Taxpayer } from "./types.ts";

type PopulationOptions = { seed: number; size: number };

export const DEFAULT_POPULATION_SIZE = 20_000;
/** Certificate statuses and list dates are computed as of this fixed day, so answers never drift. */
const POPULATION_AS_OF = new Date(Date.UTC(2026, 9, 1));

const COMPANY_SHARE = 0.6;
const FIRST_INCORPORATION = new Date(Date.UTC(1960, 0, 1));
const LAST_INCORPORATION = new Date(Date.UTC(2025, 11, 31));

/** Deterministic from `{ seed, size }`: the scenario taxpayers first, then random ones up to `size`. */
export function generatePopulation(options: PopulationOptions): Population {
  const steps = populationSteps(options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** A population built on demand: its seed is known at once, the rest once `build()` settles. */
export type PendingPopulation = {
  seed: number;
  /** Starts the build the first time; every call answers the same population. */
  build(): Promise<Population>;
};

/**
 * The same population, built in slices of about `sliceMs` with the event loop free in between: a
 * server that builds it answers other requests while it grows (about 2 s for 20,000).
 */
export function generatePopulationInSlices(options: PopulationOptions, sliceMs = 10): PendingPopulation {
  let building: Promise<Population> | undefined;
  const inSlices = async () => {
    const steps = populationSteps(options);
    for (let sliceStart = performance.now(); ; ) {
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() - sliceStart < sliceMs) continue;
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  };
  return { seed: options.seed, build: () => (building ??= inSlices()) };
}

/** Yields after each step of the build (one taxpayer, the catalog, the scenarios, the indexes). */
function* populationSteps(options: PopulationOptions): Generator<void, Population> {
  const random = createRng(`padron-sandbox:${options.seed}`);
  const asOf = POPULATION_AS_OF;
  const used: IdentifierRegistry = { rfcs: new Set(), curps: new Set() };
  const counter: SerialCounter = { next: 0 };
  const postalCatalog = yield* postalCatalogSteps(random);
  const scenarioSet = buildScenarioTaxpayers(random, used, counter, asOf);
  ensurePostalCodes(postalCatalog, scenarioSet.zips);
  yield;

  const taxpayers: Taxpayer[] = [...scenarioSet.taxpayers];
  const usedNames = new Set(taxpayers.map((t) => t.padronName));
  const randomNames: string[] = [];
  while (taxpayers.length < options.size) {
    const zip = pick(random, postalCatalog.codes);
    let taxpayer: Taxpayer;
    if (chance(random, COMPANY_SHARE)) {
      const { baseName, legalForm } = generateCompanyName(random, usedNames, randomNames);
      const incorporationDate = randomDate(random, FIRST_INCORPORATION, LAST_INCORPORATION);
      const folios = weighted(random, [
        [0, 10],
        [1, 65],
        [2, 18],
        [3, 7],
      ] as const);
      taxpayer = companyTaxpayer(
        {
          baseName,
          legalForm,
          incorporationDate,
          zip,
          legalRepresentative: generatePerson(random, used),
          registryFolioCount: folios,
          registryUnsupportedOnly: folios > 0 && chance(random, 0.05),
        },
        used,
        random,
      );
    } else {
      taxpayer = individualTaxpayer(generatePerson(random, used), {
        zip,
        certificatesCarryCurp: !chance(random, 0.03),
      });
    }
    taxpayer.certificates = generateCertificates(random, counter, asOf, taxpayer);
    taxpayer.lists = generateListMemberships(random, taxpayer);
    if (chance(random, 0.005)) taxpayer.padronStatus = "cancelado";
    taxpayers.push(taxpayer);
    yield;
  }
  return {
    seed: options.seed,
    size: options.size,
    asOf,
    taxpayers,
    ...(yield* indexTaxpayers(taxpayers)),
    postalCatalog,
    magicFaults: scenarioSet.magicFaults,
    scenarios: scenarioSet.scenarios,
    scenarioRfcs: new Set(scenarioSet.scenarios.map((scenario) => scenario.rfc)),
  };
}

/** The population's lookups by RFC, CURP, serial and registry name; yields every 1,000 taxpayers. */
function* indexTaxpayers(taxpayers: Taxpayer[]) {
  const byRfc = new Map<string, Taxpayer>();
  const personsByCurp = new Map<string, PersonRecord>();
  const bySerial: Population["bySerial"] = new Map();
  const byRegistryName = new Map<string, Taxpayer[]>();
  for (const taxpayer of taxpayers) {
    if (byRfc.size % 1000 === 999) yield;
    byRfc.set(taxpayer.rfc, taxpayer);
    const person = taxpayer.person ?? taxpayer.legalRepresentative;
    if (person) personsByCurp.set(person.curp, person);
    for (const certificate of taxpayer.certificates)
      bySerial.set(certificate.serial, { taxpayer, certificate });
    if (taxpayer.personType === "M" && taxpayer.registryFolioCount > 0) {
      const key = registryNameKey(taxpayer.name);
      byRegistryName.set(key, [...(byRegistryName.get(key) ?? []), taxpayer]);
    }
  }
  return { byRfc, personsByCurp, bySerial, byRegistryName };
}
