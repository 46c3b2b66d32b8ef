import { createHash } from "node:crypto";
import { normalizeName } from "../../mexico/normalize-name.ts";
import { stateOfPostalCode } from "../../mexico/postal-code-state.ts";
import { TAX_REGIMES } from "../../mexico/tax-regimes.ts";
import type { Population, Taxpayer } from "./types.ts";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** The taxpayer's idCIF: 11 digits fixed by the RFC, so it is the same for every seed. */
export function idCifOf(rfc: string): string {
  return String(10_000_000_000 + (digest(`idcif:${rfc}`).readUIntBE(0, 6) % 90_000_000_000));
}

/** An idCIF that is not the taxpayer's (the invalid-pair scenario). */
export const wrongIdCifOf = (rfc: string) =>
  String(10_000_000_000 + ((Number(idCifOf(rfc)) + 1) % 90_000_000_000));

const STREETS = ["JUAREZ", "HIDALGO", "MORELOS", "INDEPENDENCIA", "REFORMA", "ZARAGOZA", "ALLENDE", "MADERO"];
const regime = (code: string) =>
  TAX_REGIMES.find((entry) => entry.code === code) as (typeof TAX_REGIMES)[number];

/**
 * What the sandbox's CSF page shows for a taxpayer, in the page's own words (dates YYYY-MM-DD):
 * derived from its record and RFC, never random.
 */
export function csfFactsOf(population: Population, taxpayer: Taxpayer) {
  const hash = digest(`csf:${taxpayer.rfc}`);
  const adult = `${Number(taxpayer.foundedOn.slice(0, 4)) + 20}${taxpayer.foundedOn.slice(4)}`;
  const start = taxpayer.personType === "M" ? taxpayer.foundedOn : minDate(adult, "2020-01-01");
  const codes =
    taxpayer.csf?.regimes ?? (taxpayer.personType === "M" ? ["601"] : [["605", "612", "626"][hash[0] % 3]]);
  const row = population.postalCatalog.rows.find((entry) => entry.d_codigo === taxpayer.zip);
  const state = stateOfPostalCode(taxpayer.zip)?.upperName ?? "";
  return {
    status: taxpayer.csf?.status ?? (taxpayer.padronStatus === "cancelado" ? "CANCELADO" : "ACTIVO"),
    statusSince: start,
    operationsStart: start,
    // A regime SAT created later (626 in 2022) starts then; the others with the taxpayer.
    regimes: codes.map((code, i) => ({
      ...regime(code),
      since: code === "626" ? maxDate(start, "2022-01-01") : i === 0 ? start : maxDate(start, "2021-07-01"),
    })),
    state,
    municipality: row ? normalizeName(row.D_mnpio) : "",
    colony: row ? normalizeName(row.d_asenta) : "",
    streetType: "CALLE",
    street: STREETS[hash[1] % STREETS.length],
    exteriorNumber: String(1 + (hash.readUInt16BE(2) % 999)),
    interiorNumber: taxpayer.personType === "M" ? `PISO ${1 + (hash[4] % 9)}` : "",
    satOffice: state ? `${state} 1` : "",
  };
}

const minDate = (a: string, b: string) => (a < b ? a : b);
const maxDate = (a: string, b: string) => (a > b ? a : b);
