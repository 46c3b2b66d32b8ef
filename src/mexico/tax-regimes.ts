import { nameWithoutPunctuation } from "./normalize-name.ts";

/** SAT's c_RegimenFiscal catalogue (CFDI 4.0): key and name as the catalogue writes them. */
export const TAX_REGIMES: readonly { code: string; name: string }[] = [
  { code: "601", name: "General de Ley Personas Morales" },
  { code: "603", name: "Personas Morales con Fines no Lucrativos" },
  { code: "605", name: "Sueldos y Salarios e Ingresos Asimilados a Salarios" },
  { code: "606", name: "Arrendamiento" },
  { code: "607", name: "Régimen de Enajenación o Adquisición de Bienes" },
  { code: "608", name: "Demás ingresos" },
  { code: "610", name: "Residentes en el Extranjero sin Establecimiento Permanente en México" },
  { code: "611", name: "Ingresos por Dividendos (socios y accionistas)" },
  { code: "612", name: "Personas Físicas con Actividades Empresariales y Profesionales" },
  { code: "614", name: "Ingresos por intereses" },
  { code: "615", name: "Régimen de los ingresos por obtención de premios" },
  { code: "616", name: "Sin obligaciones fiscales" },
  { code: "620", name: "Sociedades Cooperativas de Producción que optan por diferir sus ingresos" },
  { code: "621", name: "Incorporación Fiscal" },
  { code: "622", name: "Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras" },
  { code: "623", name: "Opcional para Grupos de Sociedades" },
  { code: "624", name: "Coordinados" },
  {
    code: "625",
    name: "Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas",
  },
  { code: "626", name: "Régimen Simplificado de Confianza" },
];

/**
 * The words that identify a regime: SAT's pages write "Régimen de las Personas Físicas con…" where
 * the catalogue has "Personas Físicas con…", and some add " PM"; case, accents and punctuation vary.
 */
function regimeKey(text: string): string {
  return nameWithoutPunctuation(text)
    .replace(/^REGIMEN (DE (LAS |LOS |LA |EL )?)?/, "")
    .replace(/^(LOS |LAS )/, "")
    .replace(/ PM$/, "");
}

const BY_KEY = new Map(TAX_REGIMES.map((regime) => [regimeKey(regime.name), regime]));

/** The catalogue entry a page's regime text names; null for a text the catalogue does not have. */
export function taxRegimeOf(text: string) {
  return BY_KEY.get(regimeKey(text)) ?? null;
}
