import { normalizeHeaderCell } from "./normalize-header-cell.ts";

const NAME_HEADERS = ["RAZON SOCIAL", "NOMBRE DEL CONTRIBUYENTE", "NOMBRE O RAZON SOCIAL", "NOMBRE"];
const PERSON_TYPE_HEADERS = ["TIPO PERSONA", "TIPO DE PERSONA"];
const SITUATION_HEADERS = ["SUPUESTO", "SUPUESTO DE CANCELACION CSD", "SITUACION DEL CONTRIBUYENTE"];
const STATE_HEADERS = ["ENTIDAD FEDERATIVA", "ENTIDAD"];

export function isHeaderRow(cells: readonly string[]): boolean {
  return cells.some((cell) => normalizeHeaderCell(cell) === "RFC");
}

/**
 * Where the fields a ListEntry needs sit in a file's rows (-1 when the file has no such column), and
 * every other named column by its header text as written.
 */
export function readHeaderColumns(header: readonly string[]) {
  const normalized = header.map(normalizeHeaderCell);
  const find = (names: readonly string[], loose?: (cell: string) => boolean) => {
    const exact = normalized.findIndex((cell) => names.includes(cell));
    return exact >= 0 || !loose ? exact : normalized.findIndex(loose);
  };
  const columns = {
    rfc: normalized.indexOf("RFC"),
    name: find(NAME_HEADERS, (cell) => cell.includes("RAZON SOCIAL") || cell.startsWith("NOMBRE")),
    personType: find(PERSON_TYPE_HEADERS),
    situation: find(SITUATION_HEADERS, (cell) => cell.startsWith("SUPUESTO") || cell.startsWith("SITUACION")),
    state: find(STATE_HEADERS),
  };
  const used = new Set(Object.values(columns));
  const extra = header
    .map((text, index) => ({ index, header: text.trim() }))
    .filter(({ index, header: text }) => text !== "" && !used.has(index));
  return { ...columns, extra };
}

export type HeaderColumns = ReturnType<typeof readHeaderColumns>;
