import { csvRow, paddingRows, preambleRow } from "./csv-row.ts";
import { encodeCp1252 } from "./encode-cp1252.ts";
import type { ListRow } from "./list-row.ts";
import { LIST_SCHEMAS } from "./list-schemas.ts";

export { findListFile, LIST_FILES, type ListFileEntry, listFilePath } from "./list-catalog.ts";
export type { ListRow, OficioPublication, ProceedingStage } from "./list-row.ts";

export class UnknownListFileError extends Error {
  override name = "UnknownListFileError";
}

export type WriteListFileOptions = {
  /** The "Información actualizada al …" date of the 69-B / 69-B Bis preamble (UTC day). */
  contentDate: Date;
  /** Trailing rows of bare commas, as SAT leaves them (default 3). */
  paddingRows?: number;
};

const CRLF = "\r\n";

/** Builds one contributor-list file exactly as SAT publishes it: cp1252 bytes, CRLF, SAT quoting. */
export function writeListFile(file: string, rows: readonly ListRow[], options: WriteListFileOptions): Buffer {
  const schema = LIST_SCHEMAS[file];
  if (!schema) throw new UnknownListFileError(`not an official SAT list file: ${file}`);
  const lines: string[] = [];
  const preamble = schema.preamble(options.contentDate);
  if (preamble) {
    lines.push(preambleRow(preamble.quoted, schema.width));
    lines.push(csvRow([preamble.title], schema.width));
  }
  lines.push(csvRow(schema.header, schema.width));
  for (const [index, row] of rows.entries()) lines.push(csvRow(schema.cells(row, index + 1), schema.width));
  lines.push(...paddingRows(options.paddingRows ?? 3, schema.width));
  return encodeCp1252(lines.join(CRLF) + CRLF);
}
