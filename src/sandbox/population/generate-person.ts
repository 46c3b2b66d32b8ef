import { buildCurp } from "../../mexico/build-curp.ts";
import { buildIndividualRfc } from "../../mexico/build-rfc.ts";
import { rfcCheckDigit } from "../../mexico/rfc-check-digit.ts";
import { CURP_BORN_ABROAD, STATES } from "../../mexico/states.ts";
import { chance, pick, type Rng, randomDate, weighted } from "../chaos/rng.ts";
import { FEMALE_NAMES, MALE_NAMES, SURNAMES } from "./spanish-names.ts";
import type { PersonRecord, Sex } from "./types.ts";

const RENAPO_STATUSES: readonly (readonly [string, number])[] = [
  ["AN", 55],
  ["RCN", 30],
  ["RCC", 8],
  ["CRA", 2],
  ["AH", 2],
  ["BD", 1.5],
  ["BDA", 0.5],
  ["BSU", 0.5],
  ["BAP", 0.5],
];

const HOMOCLAVE_CHARS = "123456789ABCDEFGHIJKLMNPQRSTUVWXYZ".split("");

/** A person to build: the record without its identifiers, born on a Date. */
type PersonSpec = Omit<PersonRecord, "rfc" | "curp" | "birthDate" | "renapoStatus"> & {
  birthDate: Date;
  renapoStatus?: string;
};

/** Identifiers already handed out, so homonyms get another homoclave / differentiator like SAT and RENAPO do. */
export type IdentifierRegistry = { rfcs: Set<string>; curps: Set<string> };

export function uniqueRfc(rfc: string, used: Set<string>, random: Rng): string {
  let candidate = rfc;
  while (used.has(candidate)) {
    const base = candidate.slice(0, -3) + pick(random, HOMOCLAVE_CHARS) + pick(random, HOMOCLAVE_CHARS);
    candidate = base + rfcCheckDigit(base);
  }
  used.add(candidate);
  return candidate;
}

/** Builds a person's RFC and CURP by the real rules; a CURP homonym gets the next differentiator and status AH. */
export function personFromSpec(spec: PersonSpec, used: IdentifierRegistry, random: Rng): PersonRecord {
  const rfc = uniqueRfc(buildIndividualRfc(spec), used.rfcs, random);
  const curpOf = (homonymIndex: number) => buildCurp({ ...spec, entity: spec.birthEntity, homonymIndex });
  let homonymIndex = 0;
  let curp = curpOf(homonymIndex);
  while (used.curps.has(curp)) curp = curpOf(++homonymIndex);
  used.curps.add(curp);
  return {
    rfc,
    curp,
    ...spec,
    birthDate: spec.birthDate.toISOString().slice(0, 10),
    renapoStatus: homonymIndex > 0 ? "AH" : (spec.renapoStatus ?? "AN"),
  };
}

/** A random adult born in Mexico (3 % abroad), 1950–2004. */
export function generatePerson(random: Rng, used: IdentifierRegistry, renapoStatus?: string): PersonRecord {
  const sex: Sex = chance(random, 0.5) ? "H" : "M";
  const spec: PersonSpec = {
    names: pick(random, sex === "H" ? MALE_NAMES : FEMALE_NAMES),
    firstSurname: pick(random, SURNAMES),
    secondSurname: chance(random, 0.03) ? "" : pick(random, SURNAMES),
    sex,
    birthDate: randomDate(random, new Date(Date.UTC(1950, 0, 1)), new Date(Date.UTC(2004, 11, 31))),
    birthEntity: chance(random, 0.03) ? CURP_BORN_ABROAD : pick(random, STATES).curp,
    renapoStatus: renapoStatus ?? weighted(random, RENAPO_STATUSES),
  };
  return personFromSpec(spec, used, random);
}

/** "NAMES FIRST SECOND", the way certificates and the padrón write an individual. */
export function fullNameOf(person: Pick<PersonRecord, "names" | "firstSurname" | "secondSurname">): string {
  return [person.names, person.firstSurname, person.secondSurname].filter((part) => part !== "").join(" ");
}
