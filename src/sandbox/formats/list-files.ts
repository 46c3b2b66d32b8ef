import { csvRow, paddingRows, preambleRow } from "./csv-row.ts";
import { encodeCp1252 } from "./encode-cp1252.ts";
import type { ListRow } from "./list-row.ts";
import type { ListSchema } from "./list-schema.ts";
import {
  art69Base,
  art69Cancelados,
  art69CsdSinEfectos,
  art69EntesPublicos,
  art69Sentencias,
} from "./list-schemas-69.ts";
import { art69b, art69bBis, art69bPresuntos } from "./list-schemas-69b.ts";

export { findListFile, LIST_FILES, type ListFileEntry, listFilePath } from "./list-catalog.ts";
export type { ListRow, OficioPublication, ProceedingStage } from "./list-row.ts";

export class UnknownListFileError extends Error {
  override name = "UnknownListFileError";
}

type WriteListFileOptions = {
  /** The "Información actualizada al …" date of the 69-B / 69-B Bis preamble (UTC day). */
  contentDate: Date;
  /** Trailing rows of bare commas, as SAT leaves them (default 3). */
  paddingRows?: number;
};

const CRLF = "\r\n";

/** Schema per official file name. Sub-file titles (line 1) other than the two complete lists are inferred. */
const LIST_SCHEMAS: Readonly<Record<string, ListSchema>> = {
  "Firmes.csv": art69Base,
  "No_localizados.csv": art69Base,
  "Exigibles.csv": art69Base,
  "Sentencias.csv": art69Sentencias,
  "Cancelados.csv": art69Cancelados,
  "EntespublicosydeGobiernoomisos.csv": art69EntesPublicos,
  "CSDsinefectos.csv": art69CsdSinEfectos,
  "Listado_completo_69-B.csv": art69b("Listado completo de contribuyentes (Artículo 69-B del CFF)"),
  "Definitivos.csv": art69b("Listado de contribuyentes definitivos (Artículo 69-B del CFF)"),
  "SentenciasFavorables.csv": art69b(
    "Listado de contribuyentes con sentencia favorable (Artículo 69-B del CFF)",
  ),
  "Desvirtuados.csv": art69b("Listado de contribuyentes que desvirtuaron (Artículo 69-B del CFF)"),
  "Presuntos.csv": art69bPresuntos,
  "Listado_69_B_Bis_Completo.csv": art69bBis("Listado completo 69-B Bis"),
  "Listado_69_B_Bis_Definitivo.csv": art69bBis("Listado 69-B Bis definitivos"),
  "Listado_69_B_Bis_SentenciaFa.csv": art69bBis("Listado 69-B Bis sentencia favorable"),
};

/** Builds one contributor-list file exactly as SAT publishes it: cp1252 bytes, CRLF, SAT quoting. */
export function writeListFile(file: string, rows: readonly ListRow[], options: WriteListFileOptions): Buffer {
  const schema = LIST_SCHEMAS[file];
  if (!schema) throw new UnknownListFileError(`not an official SAT list file: ${file}`);
  const lines: string[] = [];
  const preamble = schema.preamble(options.contentDate);
  if (preamble)
    lines.push(preambleRow(preamble.quoted, schema.width), csvRow([preamble.title], schema.width));
  lines.push(csvRow(schema.header, schema.width));
  for (const [index, row] of rows.entries()) lines.push(csvRow(schema.cells(row, index + 1), schema.width));
  lines.push(...paddingRows(options.paddingRows ?? 3, schema.width));
  return encodeCp1252(lines.join(CRLF) + CRLF);
}
