import { nameWithoutPunctuation } from "../../mexico/normalize-name.ts";
import { taxRegimeOf } from "../../mexico/tax-regimes.ts";
import type { CsfRecord, CsfRegime } from "./port.ts";
import { type PageText, readPageText } from "./read-page-text.ts";

/** The page is not the CSF page padron knows: never guessed at (docs/upstreams.md, "CSF page"). */
export class CsfLayoutError extends Error {
  override name = "CsfLayoutError";
}

type Field = Exclude<keyof CsfRecord, "rfc" | "personType" | "regimes">;

// Labels as SAT writes them, compared without case, accents or punctuation.
const LABELS: Readonly<Record<string, Field | "regime" | "regimeSince">> = {
  CURP: "curp",
  NOMBRE: "firstNames",
  "APELLIDO PATERNO": "paternalSurname",
  "APELLIDO MATERNO": "maternalSurname",
  "FECHA NACIMIENTO": "birthDate",
  "DENOMINACION O RAZON SOCIAL": "name",
  "REGIMEN DE CAPITAL": "capitalRegime",
  "FECHA DE CONSTITUCION": "incorporatedOn",
  "FECHA DE INICIO DE OPERACIONES": "operationsStart",
  "SITUACION DEL CONTRIBUYENTE": "status",
  "FECHA DEL ULTIMO CAMBIO DE SITUACION": "statusSince",
  "ENTIDAD FEDERATIVA": "state",
  "MUNICIPIO O DELEGACION": "municipality",
  COLONIA: "colony",
  "TIPO DE VIALIDAD": "streetType",
  "NOMBRE DE LA VIALIDAD": "street",
  "NUMERO EXTERIOR": "exteriorNumber",
  "NUMERO INTERIOR": "interiorNumber",
  CP: "zip",
  "CORREO ELECTRONICO": "email",
  AL: "satOffice",
  REGIMEN: "regime",
  "FECHA DE ALTA": "regimeSince",
};
const DATES: ReadonlySet<Field> = new Set(["birthDate", "incorporatedOn", "operationsStart", "statusSince"]);
const NOT_FOUND = /no se encontr[oó] informaci[oó]n/i;
const HOLDER = /^El RFC:\s*([A-ZÑ&0-9]{12,13}),\s*tiene asociada la siguiente informaci[oó]n/i;

/**
 * SAT's CSF page → the record, or null when SAT says the pair is not valid. Fields are found by their
 * labels; a page without the RFC line, a name, the status or the CP throws CsfLayoutError.
 */
export function parseCsfPage(html: string, rfc: string): CsfRecord | null {
  const page = readPageText(html);
  const holder = page.items.map((item) => HOLDER.exec(item)?.[1]).find((found) => found !== undefined);
  if (!holder) {
    if (page.rows.length === 0 && [...page.messages, ...page.items].some((text) => NOT_FOUND.test(text)))
      return null;
    throw new CsfLayoutError('no "El RFC: …, tiene asociada la siguiente información" line');
  }
  if (holder.toUpperCase() !== rfc) throw new CsfLayoutError(`the page is about ${holder}, not ${rfc}`);
  return recordOf(page, rfc);
}

function recordOf(page: PageText, rfc: string): CsfRecord {
  const fields: Record<Field, string> = {
    name: "",
    capitalRegime: "",
    incorporatedOn: "",
    curp: "",
    firstNames: "",
    paternalSurname: "",
    maternalSurname: "",
    birthDate: "",
    operationsStart: "",
    status: "",
    statusSince: "",
    state: "",
    municipality: "",
    colony: "",
    streetType: "",
    street: "",
    exteriorNumber: "",
    interiorNumber: "",
    zip: "",
    email: "",
    satOffice: "",
  };
  const seen = new Set<string>();
  const regimes: CsfRegime[] = [];
  for (const { label, value } of page.rows) {
    const field = LABELS[nameWithoutPunctuation(label)];
    if (field === undefined) continue;
    if (field === "regime") regimes.push(regimeOf(value));
    else if (field === "regimeSince") {
      const last = regimes.at(-1);
      if (last?.since !== "") throw new CsfLayoutError('"Fecha de alta" without its "Régimen"');
      last.since = isoDate(value, label);
    } else {
      seen.add(field);
      fields[field] = DATES.has(field) ? isoDate(value, label) : value;
    }
  }
  const personType = seen.has("name") ? "M" : "F";
  if ((personType === "M" ? fields.name : fields.firstNames) === "")
    throw new CsfLayoutError("neither a denominación nor a name");
  for (const required of ["status", "zip"] as const)
    if (fields[required] === "") throw new CsfLayoutError(`no value labelled for ${required}`);
  if (regimes.some((regime) => regime.since === ""))
    throw new CsfLayoutError('a "Régimen" without "Fecha de alta"');
  if (personType === "F")
    fields.name = [fields.firstNames, fields.paternalSurname, fields.maternalSurname]
      .filter(Boolean)
      .join(" ");
  return { rfc, personType, ...fields, regimes };
}

function regimeOf(text: string): CsfRegime {
  const regime = taxRegimeOf(text);
  return { code: regime?.code ?? null, name: regime?.name ?? text, text, since: "" };
}

/** `dd-mm-YYYY` (SAT's) → `YYYY-MM-DD`; an empty value stays empty. */
function isoDate(value: string, label: string): string {
  if (value === "") return "";
  const match = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(value);
  if (!match) throw new CsfLayoutError(`"${label}" is not a dd-mm-YYYY date: ${JSON.stringify(value)}`);
  return `${match[3]}-${match[2]}-${match[1]}`;
}
