import { padronNameKey } from "../mexico/compare-names.ts";
import { normalizeRfc } from "../mexico/normalize-rfc.ts";
import { parseRfc } from "../mexico/parse-rfc.ts";
import { PADRON_LEGENDS, type PadronRecord } from "./formats/padron-validation.ts";
import type { Population, Taxpayer } from "./population/types.ts";

const registeredKeys = new WeakMap<Taxpayer, string>();
// find-zip sends one name thousands of times (one line per candidate CP): remember recent keys.
const givenKeys = new Map<string, string>();
const MAX_GIVEN_KEYS = 10_000;

function givenKey(name: string): string {
  let key = givenKeys.get(name);
  if (key === undefined) {
    if (givenKeys.size >= MAX_GIVEN_KEYS) givenKeys.clear();
    key = padronNameKey(name);
    givenKeys.set(name, key);
  }
  return key;
}

function registeredKey(taxpayer: Taxpayer): string {
  let key = registeredKeys.get(taxpayer);
  if (key === undefined) {
    key = padronNameKey(taxpayer.padronName);
    registeredKeys.set(taxpayer, key);
  }
  return key;
}

/**
 * SAT's legend for one record. Order: structure, registration, then (unless name and CP are both
 * empty: the RFC-only check) name before CP, as clients that loop over CP candidates observe (research §4).
 */
export function padronLegendFor(population: Population, record: PadronRecord): string {
  const rfc = normalizeRfc(record.rfc);
  if (!parseRfc(rfc)) return PADRON_LEGENDS.badStructure;
  const taxpayer = population.byRfc.get(rfc);
  if (!taxpayer || taxpayer.padronStatus === "cancelado") return PADRON_LEGENDS.notRegistered;
  const name = record.name.trim();
  const zip = record.zip.trim();
  if (name === "" && zip === "") return PADRON_LEGENDS.valid;
  if (givenKey(name) !== registeredKey(taxpayer)) return PADRON_LEGENDS.nameMismatch;
  if (zip !== taxpayer.zip) return PADRON_LEGENDS.zipMismatch;
  return PADRON_LEGENDS.valid;
}
