import iconv from "iconv-lite";
import { malformed } from "../upstream-failure.ts";
import type { PadronOutcome, PadronQuery, PadronVerdict } from "./port.ts";

/** SAT's legends, verbatim (research §4). */
const LEGEND_OUTCOMES: ReadonlyMap<string, PadronOutcome> = new Map([
  ["rfc válido, y susceptible de recibir facturas", "valid"],
  ["rfc no registrado en el padrón de contribuyentes", "not_registered"],
  ["estructura del rfc incorrecta", "invalid_structure"],
  ["el nombre, denominación o razón social no coincide con el registrado en el rfc", "name_mismatch"],
  ["el código postal no coincide con el registrado en el rfc", "zip_mismatch"],
]);

const legendKey = (legend: string) => legend.trim().replace(/\s+/g, " ").toLowerCase();
// A pipe or a line break inside a field would shift SAT's columns.
const field = (value: string) => value.replace(/[|\r\n]/g, " ").trim();

// Answers repeat five legends thousands of times: remember the outcome of each legend as written.
const outcomesSeen = new Map<string, PadronOutcome>();
function outcomeOf(legend: string): PadronOutcome {
  let outcome = outcomesSeen.get(legend);
  if (outcome === undefined) {
    outcome = LEGEND_OUTCOMES.get(legendKey(legend)) ?? "unrecognized";
    if (outcomesSeen.size < 64) outcomesSeen.set(legend, outcome);
  }
  return outcome;
}

/** field() that reuses its last answer: an answer repeats one RFC on every line. */
function repeatedField(): (value: string) => string {
  let last: string | null = null;
  let cleaned = "";
  return (value) => {
    if (value !== last) {
      last = value;
      cleaned = field(value);
    }
    return cleaned;
  };
}

/**
 * `consecutivo|RFC|NOMBRE|CP` lines, consecutivo = position + 1, CRLF-terminated. A postal-code search
 * repeats one RFC and one name on every line: that middle part is cleaned and written once.
 */
export function formatPadronRequest(records: readonly PadronQuery[]): string {
  let middle = "";
  let middleOf: PadronQuery | null = null;
  let text = "";
  for (let i = 0; i < records.length; i++) {
    const record = records[i];
    if (!middleOf || record.rfc !== middleOf.rfc || record.name !== middleOf.name) {
      middle = `|${field(record.rfc)}|${field(record.name)}|`;
      middleOf = record;
    }
    text += `${i + 1}${middle}${field(record.zip)}\r\n`;
  }
  return text;
}

export function decodePadronBody(body: Buffer, contentType: string | undefined): string {
  const latin = /charset=\s*"?(iso-8859-1|latin-?1|windows-1252|cp1252)/i.test(contentType ?? "");
  return latin ? iconv.decode(body, "win1252") : body.toString("utf8");
}

/** 0-based position from a 1–5 digit consecutivo; -1 for anything else. */
function positionOf(consecutivo: string): number {
  const digits = consecutivo.trim();
  if (digits.length === 0 || digits.length > 5) return -1;
  let value = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value - 1;
}

/** Reads `consecutivo|RFC|NOMBRE|CP|LEYENDA` lines; anything but one line per record sent is malformed. */
export function parsePadronAnswer(text: string, sent: readonly PadronQuery[]): PadronVerdict[] {
  const verdicts: (PadronVerdict | undefined)[] = new Array(sent.length).fill(undefined);
  const expectedRfc = repeatedField();
  for (const line of text.split(/\r?\n/)) {
    const p1 = line.indexOf("|");
    const p2 = line.indexOf("|", p1 + 1);
    const p3 = line.indexOf("|", p2 + 1);
    const p4 = line.indexOf("|", p3 + 1);
    if (p1 === -1 || p2 === -1 || p3 === -1 || p4 === -1 || line.indexOf("|", p4 + 1) !== -1) {
      if (line.trim() === "") continue;
      throw malformed(`padrón line with ${line.split("|").length} fields`);
    }
    const consecutivo = line.slice(0, p1);
    const position = positionOf(consecutivo);
    const record = sent[position];
    if (!record || verdicts[position])
      throw malformed(`unexpected consecutivo ${JSON.stringify(consecutivo)}`);
    const rfc = line.slice(p1 + 1, p2);
    if (rfc !== record.rfc && rfc.trim().toUpperCase() !== expectedRfc(record.rfc).toUpperCase())
      throw malformed(`line ${consecutivo} answers for another RFC`);
    const legend = line.slice(p4 + 1).trim();
    if (legend === "") throw malformed(`line ${consecutivo} has no legend`);
    const outcome = outcomeOf(legend);
    verdicts[position] = { rfc: record.rfc, name: record.name, zip: record.zip, outcome, legend };
  }
  const missing = verdicts.indexOf(undefined);
  if (missing !== -1) throw malformed(`no answer for record ${missing + 1}`);
  return verdicts as PadronVerdict[];
}
