import { personTypeOfRfc } from "../mexico/parse-rfc.ts";
import type { ListFileSpec } from "./catalog.ts";
import type { ListEntry, SubList } from "./list-entry.ts";
import type { HeaderColumns } from "./read-header-columns.ts";

const SUB_LIST_BY_SITUATION: Record<string, SubList> = {
  definitivo: "definitivos",
  definitivos: "definitivos",
  presunto: "presuntos",
  presuntos: "presuntos",
  desvirtuado: "desvirtuados",
  desvirtuados: "desvirtuados",
  "sentencia favorable": "sentencias favorables",
  "sentencias favorables": "sentencias favorables",
};

const ART69_SUB_LIST_BY_SUPUESTO: Record<string, SubList> = {
  FIRMES: "firmes",
  "NO LOCALIZADOS": "no localizados",
  EXIGIBLES: "exigibles",
  SENTENCIAS: "sentencias",
};

const SUPPRESSED_RFC = /^X{10,}$/;

const NEEDS_SPACE_COLLAPSE = /\s\s|[\t\n\r\f\v]/;

function cell(cells: readonly string[], index: number): string {
  if (index < 0 || index >= cells.length) return "";
  const text = cells[index];
  return NEEDS_SPACE_COLLAPSE.test(text) ? text.replace(/\s+/g, " ").trim() : text.trim();
}

type SkippedRow = "no_rfc" | "unknown_situation";

/** A data row as a ListEntry, or why it was skipped: no RFC (padding, notes) or a 69-B situation we don't know. */
export function buildListEntry(
  cells: readonly string[],
  columns: HeaderColumns,
  file: ListFileSpec,
): ListEntry | SkippedRow {
  const rfc = cell(cells, columns.rfc).replace(/\s/g, "").toUpperCase();
  if (rfc === "") return "no_rfc";
  const situation = cell(cells, columns.situation);
  const subList = subListOf(file, situation);
  if (!subList) return "unknown_situation";
  const entry: ListEntry = {
    rfc,
    article: file.article,
    sub_list: subList,
    situation,
    name: cell(cells, columns.name),
    person_type: personTypeOf(cell(cells, columns.personType), rfc),
    state: cell(cells, columns.state),
    suppressed: SUPPRESSED_RFC.test(rfc),
  };
  let raw: Record<string, string> | undefined;
  for (const { index, header } of columns.extra) {
    const value = cell(cells, index);
    if (value !== "") {
      raw ??= {};
      raw[header] = value;
    }
  }
  if (raw) entry.raw = raw;
  return entry;
}

/** A row's own SUPUESTO / Situación names its list when it can; otherwise the file's list applies. */
function subListOf(file: ListFileSpec, situation: string): SubList | null {
  if (file.article === "69") return art69SubListOf(situation) ?? file.subList;
  return SUB_LIST_BY_SITUATION[situation.toLowerCase()] ?? file.subList;
}

/** Most rows already write their SUPUESTO in capitals without accents: those skip the normalizing. */
function art69SubListOf(supuesto: string): SubList | null {
  const text = /^[A-Z ]*$/.test(supuesto)
    ? supuesto
    : supuesto
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toUpperCase();
  return text.startsWith("CANCELADOS") ? "cancelados" : (ART69_SUB_LIST_BY_SUPUESTO[text] ?? null);
}

function personTypeOf(declared: string, rfc: string): ListEntry["person_type"] {
  const initial = declared.toUpperCase().charAt(0);
  return initial === "M" || initial === "F" ? initial : (personTypeOfRfc(rfc) ?? "");
}
