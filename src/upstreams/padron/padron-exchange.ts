import type { PadronOutcome, PadronQuery } from "./port.ts";

/** SAT's legends, verbatim (research §4). */
export const PADRON_LEGENDS = {
  valid: "RFC válido, y susceptible de recibir facturas",
  notRegistered: "RFC no registrado en el padrón de contribuyentes",
  badStructure: "Estructura del RFC incorrecta",
  nameMismatch: "El nombre, denominación o razón social no coincide con el registrado en el RFC",
  zipMismatch: "El Código Postal no coincide con el registrado en el RFC",
} as const;

const legendKey = (legend: string) => legend.trim().replace(/\s+/g, " ").toLowerCase();
const LEGEND_OUTCOMES: ReadonlyMap<string, PadronOutcome> = new Map([
  [legendKey(PADRON_LEGENDS.valid), "valid"],
  [legendKey(PADRON_LEGENDS.notRegistered), "not_registered"],
  [legendKey(PADRON_LEGENDS.badStructure), "invalid_structure"],
  [legendKey(PADRON_LEGENDS.nameMismatch), "name_mismatch"],
  [legendKey(PADRON_LEGENDS.zipMismatch), "zip_mismatch"],
]);

// A pipe or a line break inside a field would shift SAT's columns.
export const field = (value: string) => value.replace(/[|\r\n]/g, " ").trim();

export function outcomeOf(legend: string): PadronOutcome {
  return LEGEND_OUTCOMES.get(legendKey(legend)) ?? "unrecognized";
}

/** `valid` for a verdict: a legend padron does not know is unknown (null), never a confident false. */
export const validityOf = (outcome: PadronOutcome): boolean | null =>
  outcome === "unrecognized" ? null : outcome === "valid";

/** A field as the line carries it: most are digits or letters, which field() would leave as they are. */
function cleanField(value: string): string {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 33 || code === 124 || code > 126) return field(value);
  }
  return value;
}

/**
 * `consecutivo|RFC|NOMBRE|CP` lines, consecutivo = position + 1, CRLF-terminated, as UTF-8 bytes. A
 * postal-code search repeats one RFC and one name on every line: that middle part is encoded once.
 */
export function formatPadronRequest(records: readonly PadronQuery[]): Buffer {
  const middles: Buffer[] = new Array(records.length);
  const zips: string[] = new Array(records.length);
  let middle = Buffer.alloc(0);
  let middleOf: PadronQuery | null = null;
  let size = 0;
  for (let i = 0; i < records.length; i++) {
    const record = records[i];
    if (!middleOf || record.rfc !== middleOf.rfc || record.name !== middleOf.name) {
      middle = Buffer.from(`|${field(record.rfc)}|${field(record.name)}|`);
      middleOf = record;
    }
    middles[i] = middle;
    zips[i] = cleanField(record.zip);
    size += String(i + 1).length + middle.length + Buffer.byteLength(zips[i]) + 2;
  }
  const body = Buffer.allocUnsafe(size);
  let at = 0;
  for (let i = 0; i < records.length; i++) {
    at += body.write(String(i + 1), at, "latin1");
    at += middles[i].copy(body, at);
    at += body.write(zips[i], at, "utf8");
    body[at++] = 13;
    body[at++] = 10;
  }
  return body;
}

/** How the answer's bytes are text: SAT's own pages speak windows-1252, connectors UTF-8. */
export function answerEncoding(contentType: string | string[] | undefined): "utf8" | "win1252" {
  const type = Array.isArray(contentType) ? contentType[0] : contentType;
  const latin = /charset=\s*"?(iso-8859-1|latin-?1|windows-1252|cp1252)/i.test(type ?? "");
  return latin ? "win1252" : "utf8";
}
