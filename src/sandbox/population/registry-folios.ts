import { normalizeName } from "../../mexico/normalize-name.ts";
import { stateOfPostalCode } from "../../mexico/postal-code-state.ts";
import { type MexicanState, STATES } from "../../mexico/states.ts";
import type { RegistryAct, RegistryShareholder } from "../../upstreams/commerce-registry/port.ts";
import { createRng, pick, type Rng, randomDate, randomInt } from "../chaos/rng.ts";
import type { RegistryFolio } from "../formats/commerce-registry.ts";
import { generatePerson } from "./generate-person.ts";
import { MUNICIPALITY_NAMES, SETTLEMENT_NAMES } from "./spanish-names.ts";
import type { Population, Taxpayer } from "./types.ts";

/** States whose registry the sandbox's reader "does not cover yet": their folios come back reduced. */
const UNSUPPORTED_REGISTRY_STATES: readonly string[] = ["20", "12", "07"]; // Oaxaca, Guerrero, Chiapas (INEGI)
const isSupported = (state: MexicanState) => !UNSUPPORTED_REGISTRY_STATES.includes(state.inegi);

const LEGAL_REGIMES: Readonly<Record<string, string>> = {
  "SA DE CV": "SOCIEDAD ANONIMA DE CAPITAL VARIABLE",
  "S DE RL DE CV": "SOCIEDAD DE RESPONSABILIDAD LIMITADA DE CAPITAL VARIABLE",
  SC: "SOCIEDAD CIVIL",
  "SAPI DE CV": "SOCIEDAD ANONIMA PROMOTORA DE INVERSION DE CAPITAL VARIABLE",
  AC: "ASOCIACION CIVIL",
  "SAS DE CV": "SOCIEDAD POR ACCIONES SIMPLIFICADA DE CAPITAL VARIABLE",
  SA: "SOCIEDAD ANONIMA",
  "SAPI DE CV SOFOM ENR": "SOCIEDAD ANONIMA PROMOTORA DE INVERSION DE CAPITAL VARIABLE",
  "SPR DE RL": "SOCIEDAD DE PRODUCCION RURAL DE RESPONSABILIDAD LIMITADA",
};

const ACTS: readonly (readonly [string, string])[] = [
  ["M2", "Poderes y nombramientos"],
  ["M5", "Modificación de estatutos"],
  ["M9", "Aumento de capital"],
  ["M10", "Transmisión de acciones"],
];

const localDateTime = (date: Date) => date.toISOString().slice(0, 19);
const money = (value: number) => value.toFixed(2);

function shareholders(random: Rng, incorporation: string): RegistryShareholder[] {
  const count = randomInt(random, 2, 4);
  const shareValue = pick(random, [100, 500, 1000]);
  const used = { rfcs: new Set<string>(), curps: new Set<string>() };
  return Array.from({ length: count }, () => {
    const person = generatePerson(random, used, "AN");
    const shares = randomInt(random, 1, 50) * 10;
    return {
      status: "Activo",
      nationality: "MEXICANA",
      name: person.names,
      first_surname: person.firstSurname,
      second_surname: person.secondSurname,
      rfc: person.rfc,
      curp: person.curp,
      series: "A",
      incorporation_date: incorporation,
      birth_date: person.birthDate,
      shares,
      total_value: money(shares * shareValue),
      share_value: money(shareValue),
    };
  });
}

function acts(random: Rng, registeredAt: Date, asOf: Date): RegistryAct[] {
  const constitution: [string, string] = ["M4", "Constitución de sociedad"];
  const chosen = [constitution, ...Array.from({ length: randomInt(random, 0, 3) }, () => pick(random, ACTS))];
  let when = registeredAt;
  return chosen.map(([form, act], index) => {
    if (index > 0) when = randomDate(random, when, asOf);
    const filed = new Date(when.getTime() + randomInt(random, 9, 17) * 3_600_000);
    const registered = new Date(filed.getTime() + randomInt(random, 1, 72) * 3_600_000);
    return {
      form: `${form} - ${act}`,
      act,
      nci: `${registered.getUTCFullYear()}${String(randomInt(random, 1, 99_999_999)).padStart(8, "0")}`,
      filed_at: localDateTime(filed),
      registered_at: localDateTime(registered),
      document_number: `${registered.getUTCFullYear()}${String(randomInt(random, 0, 999_999_999_999)).padStart(12, "0")}`,
      modality: pick(random, ["Fedatario", "Ventanilla"]),
    };
  });
}

/** A company's commerce-registry folios, derived from its RFC (same seed → same folios, in any order of requests). */
export function registryFoliosFor(population: Population, taxpayer: Taxpayer): RegistryFolio[] {
  if (taxpayer.personType !== "M" || taxpayer.registryFolioCount === 0) return [];
  const random = createRng(`registry:${population.seed}:${taxpayer.rfc}`);
  const homeState = stateOfPostalCode(taxpayer.zip) ?? STATES[8];
  const unsupported = STATES.filter((state) => !isSupported(state));
  const supported = STATES.filter(isSupported);
  const founded = new Date(`${taxpayer.foundedOn}T00:00:00Z`);
  const folios: RegistryFolio[] = [];
  let registeredAt = new Date(founded.getTime() + randomInt(random, 5, 60) * 86_400_000);
  for (let index = 0; index < taxpayer.registryFolioCount; index++) {
    const state = taxpayer.registryUnsupportedOnly
      ? pick(random, unsupported)
      : index === 0 && isSupported(homeState)
        ? homeState
        : pick(random, supported);
    const municipality = normalizeName(pick(random, MUNICIPALITY_NAMES));
    folios.push({
      fme: `N-${registeredAt.getUTCFullYear()}${String(randomInt(random, 1, 999_999)).padStart(6, "0")}`,
      name: taxpayer.name,
      supported: isSupported(state),
      person_type: "moral",
      status: "Abierto",
      registry_office: `${municipality}, ${state.upperName}`,
      registered_at: localDateTime(new Date(registeredAt.getTime() + randomInt(random, 9, 17) * 3_600_000)),
      prior_registration: index === 0 ? null : folios[index - 1].fme,
      legal_regime: LEGAL_REGIMES[taxpayer.legalForm] ?? "SOCIEDAD ANONIMA DE CAPITAL VARIABLE",
      duration: pick(random, ["INDEFINIDA", "99 AÑOS"]),
      corporate_purpose: `${taxpayer.padronName.split(" ")[0]} Y ACTIVIDADES CONEXAS`,
      business_line: random() < 0.7 ? taxpayer.padronName.split(" ")[0] : null,
      nationality: "MEXICANA",
      domicile: `CALLE ${normalizeName(pick(random, SETTLEMENT_NAMES))} ${randomInt(random, 1, 999)}, C.P. ${taxpayer.zip}`,
      municipality,
      state: state.upperName,
      rfc: taxpayer.rfc,
      curp: null,
      shareholders: shareholders(random, taxpayer.foundedOn),
      acts: acts(random, registeredAt, population.asOf),
    });
    registeredAt = randomDate(random, registeredAt, population.asOf);
  }
  return folios;
}

/** Folios of every company whose name matches the searched one (punctuation, accents and legal form ignored). */
export function searchRegistry(population: Population, key: string): RegistryFolio[] {
  return (population.byRegistryName.get(key) ?? []).flatMap((taxpayer) =>
    registryFoliosFor(population, taxpayer),
  );
}
