import { sameCfdiName } from "../mexico/cfdi-name.ts";
import { normalizeRfc } from "../mexico/normalize-rfc.ts";
import { parseRfc } from "../mexico/parse-rfc.ts";
import { PADRON_LEGENDS } from "../upstreams/padron/padron-exchange.ts";
import type { PadronRecord } from "./formats/padron-validation.ts";
import type { Population, Taxpayer } from "./population/types.ts";

/** What SAT can say from RFC and name alone: a final legend, or the taxpayer whose CP decides. */
type NameDecision = { legend: string; taxpayer?: undefined } | { legend?: undefined; taxpayer: Taxpayer };

function decideByName(population: Population, rawRfc: string, name: string): NameDecision {
  const rfc = normalizeRfc(rawRfc);
  if (!parseRfc(rfc)) return { legend: PADRON_LEGENDS.badStructure };
  const taxpayer = population.byRfc.get(rfc);
  if (!taxpayer || taxpayer.padronStatus === "cancelado") return { legend: PADRON_LEGENDS.notRegistered };
  if (!sameCfdiName(name, taxpayer.padronName)) return { legend: PADRON_LEGENDS.nameMismatch };
  return { taxpayer };
}

/**
 * SAT's legend for each record of one call. Order: structure, registration, then (unless name and CP
 * are both empty: the RFC-only check) name before CP, as clients that loop over CP candidates observe
 * (research §4). find-zip sends one RFC and name on thousands of lines: the last decision is reused.
 */
export function padronAnswerer(population: Population): (record: PadronRecord) => string {
  let lastRfc: string | null = null;
  let lastName = "";
  let last: NameDecision = { legend: "" };
  return (record) => {
    const name = record.name.trim();
    const zip = record.zip.trim();
    if (record.rfc !== lastRfc || name !== lastName) {
      lastRfc = record.rfc;
      lastName = name;
      last = decideByName(population, record.rfc, name);
    }
    if (name === "" && zip === "") {
      const early = last.legend;
      return early === PADRON_LEGENDS.badStructure || early === PADRON_LEGENDS.notRegistered
        ? early
        : PADRON_LEGENDS.valid;
    }
    if (last.taxpayer === undefined) return last.legend;
    return zip === last.taxpayer.zip ? PADRON_LEGENDS.valid : PADRON_LEGENDS.zipMismatch;
  };
}

/** SAT's legend for one record. */
export function padronLegendFor(population: Population, record: PadronRecord): string {
  return padronAnswerer(population)(record);
}
