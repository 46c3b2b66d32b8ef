import { encodeLatin1 } from "./encode-cp1252.ts";

/** The 15 columns of the SEPOMEX catalog, in the file's order (research §7). */
const SEPOMEX_COLUMNS = [
  "d_codigo",
  "d_asenta",
  "d_tipo_asenta",
  "D_mnpio",
  "d_estado",
  "d_ciudad",
  "d_CP",
  "c_estado",
  "c_oficina",
  "c_CP",
  "c_tipo_asenta",
  "c_mnpio",
  "id_asenta_cpcons",
  "d_zona",
  "c_cve_ciudad",
] as const;

/** One settlement row of the SEPOMEX catalog: every column, as a string. */
export type SepomexRow = Record<(typeof SEPOMEX_COLUMNS)[number], string>;

/** Line 1 of the official TXT export, verbatim. */
const SEPOMEX_LEGAL_NOTICE =
  "El Catálogo Nacional de Códigos Postales, es elaborado por Correos de México y se proporciona en forma " +
  "gratuita para uso particular, no estando permitida su comercialización, total o parcial, ni su " +
  "distribución a terceros bajo ningún concepto.";

/** The CPdescarga.txt layout: legal notice, header, pipe-separated rows; ISO-8859-1, CRLF. */
export function writeSepomexCatalog(rows: readonly SepomexRow[]): Buffer {
  const lines = [SEPOMEX_LEGAL_NOTICE, SEPOMEX_COLUMNS.join("|")];
  // A pipe or line break inside a value would shift columns; the real file never has them.
  for (const row of rows)
    lines.push(SEPOMEX_COLUMNS.map((column) => row[column].replace(/[|\r\n]/g, " ")).join("|"));
  return encodeLatin1(`${lines.join("\r\n")}\r\n`);
}
