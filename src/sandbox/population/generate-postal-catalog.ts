import { stateOfPostalCode } from "../../mexico/postal-code-state.ts";
import { STATES } from "../../mexico/states.ts";
import { pick, type Rng, randomInt, weighted } from "../chaos/rng.ts";
import type { SepomexRow } from "../formats/sepomex.ts";
import { MUNICIPALITY_NAMES, SETTLEMENT_NAMES, SETTLEMENT_TYPES } from "./spanish-names.ts";
import type { PostalCatalog } from "./types.ts";

const TARGET_CODES = 30_000;

/** Real SEPOMEX codes start at 01000; prefix 00 is unused. */
function usablePrefixes(prefixes: readonly string[]): string[] {
  return prefixes.filter((prefix) => prefix !== "00");
}

/**
 * A SEPOMEX-format catalog of about 30,000 postal codes (research §7): codes under each state's
 * prefixes, one to three settlements each, municipalities per state, office codes per thousand.
 * Yields after each state (a population built in slices yields with it).
 */
export function* postalCatalogSteps(random: Rng): Generator<void, PostalCatalog> {
  const prefixCount = STATES.reduce((sum, state) => sum + usablePrefixes(state.postalPrefixes).length, 0);
  const density = TARGET_CODES / (prefixCount * 1000);
  const rows: SepomexRow[] = [];
  const codes: string[] = [];
  for (const state of STATES) {
    const municipalities = Array.from({ length: randomInt(random, 6, 14) }, (_, index) => ({
      code: String(index * 3 + 1).padStart(3, "0"),
      name: index === 0 ? state.name.split(" de ")[0] : pick(random, MUNICIPALITY_NAMES),
    }));
    let settlementId = 0;
    for (const prefix of usablePrefixes(state.postalPrefixes)) {
      for (let suffix = 0; suffix < 1000; suffix++) {
        if (random() >= density) continue;
        const code = prefix + String(suffix).padStart(3, "0");
        codes.push(code);
        const municipality = municipalities[Math.floor((suffix / 1000) * municipalities.length)];
        const office = `${code.slice(0, 3)}01`;
        const urban = random() < 0.7;
        const settlements = weighted(random, [
          [1, 55],
          [2, 30],
          [3, 15],
        ]);
        for (let s = 0; s < settlements; s++) {
          const [type, typeCode] = pick(random, SETTLEMENT_TYPES);
          settlementId += 1;
          rows.push({
            d_codigo: code,
            d_asenta: pick(random, SETTLEMENT_NAMES),
            d_tipo_asenta: type,
            D_mnpio: municipality.name,
            d_estado: state.name,
            d_ciudad: urban ? municipality.name : "",
            d_CP: office,
            c_estado: state.inegi,
            c_oficina: office,
            c_CP: "",
            c_tipo_asenta: typeCode,
            c_mnpio: municipality.code,
            id_asenta_cpcons: String(settlementId % 10000).padStart(4, "0"),
            d_zona: urban ? "Urbano" : "Rural",
            c_cve_ciudad: urban ? String(Number(municipality.code) % 100).padStart(2, "0") : "",
          });
        }
      }
    }
    yield;
  }
  codes.sort();
  return { rows, codes };
}

/** Adds a one-settlement row for each code the catalog lacks (scenario postal codes must exist). */
export function ensurePostalCodes(catalog: PostalCatalog, codes: readonly string[]): void {
  const known = new Set(catalog.codes);
  for (const code of codes) {
    if (known.has(code)) continue;
    const state = stateOfPostalCode(code);
    if (!state) throw new Error(`postal code outside every state: ${code}`);
    known.add(code);
    catalog.codes.push(code);
    catalog.rows.push({
      d_codigo: code,
      d_asenta: "Centro",
      d_tipo_asenta: "Colonia",
      D_mnpio: state.name.split(" de ")[0],
      d_estado: state.name,
      d_ciudad: state.name.split(" de ")[0],
      d_CP: `${code.slice(0, 3)}01`,
      c_estado: state.inegi,
      c_oficina: `${code.slice(0, 3)}01`,
      c_CP: "",
      c_tipo_asenta: "09",
      c_mnpio: "001",
      id_asenta_cpcons: "0001",
      d_zona: "Urbano",
      c_cve_ciudad: "01",
    });
  }
  catalog.codes.sort();
  catalog.rows.sort((a, b) => (a.d_codigo < b.d_codigo ? -1 : a.d_codigo > b.d_codigo ? 1 : 0));
}
