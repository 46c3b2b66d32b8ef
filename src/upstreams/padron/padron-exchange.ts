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

/** `consecutivo|RFC|NOMBRE|CP` lines, consecutivo = position + 1, CRLF-terminated. */
export function formatPadronRequest(records: readonly PadronQuery[]): string {
  return records
    .map(
      (record, index) => `${index + 1}|${field(record.rfc)}|${field(record.name)}|${field(record.zip)}\r\n`,
    )
    .join("");
}

export function decodePadronBody(body: Buffer, contentType: string | undefined): string {
  const latin = /charset=\s*"?(iso-8859-1|latin-?1|windows-1252|cp1252)/i.test(contentType ?? "");
  return latin ? iconv.decode(body, "win1252") : body.toString("utf8");
}

/** Reads `consecutivo|RFC|NOMBRE|CP|LEYENDA` lines; anything but one line per record sent is malformed. */
export function parsePadronAnswer(text: string, sent: readonly PadronQuery[]): PadronVerdict[] {
  const verdicts: (PadronVerdict | undefined)[] = Array.from({ length: sent.length }, () => undefined);
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const fields = line.split("|");
    if (fields.length !== 5) throw malformed(`padrón line with ${fields.length} fields`);
    const [consecutivo, rfc, , , legend] = fields;
    const position = /^\d{1,5}$/.test(consecutivo.trim()) ? Number(consecutivo) - 1 : -1;
    const record = sent[position];
    if (!record || verdicts[position])
      throw malformed(`unexpected consecutivo ${JSON.stringify(consecutivo)}`);
    if (rfc.trim().toUpperCase() !== field(record.rfc).toUpperCase())
      throw malformed(`line ${consecutivo} answers for another RFC`);
    if (legend.trim() === "") throw malformed(`line ${consecutivo} has no legend`);
    const outcome = LEGEND_OUTCOMES.get(legendKey(legend)) ?? "unrecognized";
    verdicts[position] = { ...record, outcome, legend: legend.trim() };
  }
  const missing = verdicts.indexOf(undefined);
  if (missing !== -1 || verdicts.length !== sent.length)
    throw malformed(`no answer for record ${missing + 1}`);
  return verdicts as PadronVerdict[];
}
