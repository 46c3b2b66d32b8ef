import iconv from "iconv-lite";
import { malformed } from "../upstream-failure.ts";
import type { PostalSettlement } from "./port.ts";

const HEADER =
  "d_codigo|d_asenta|d_tipo_asenta|D_mnpio|d_estado|d_ciudad|d_CP|c_estado|c_oficina|c_CP|c_tipo_asenta|c_mnpio|id_asenta_cpcons|d_zona|c_cve_ciudad";
const COLUMNS = HEADER.split("|");
const column = (name: string) => COLUMNS.indexOf(name);

/** Latin-1 text: a legal-notice line, the header, then 15 pipe-separated columns per settlement. */
export function parseSepomexCatalog(bytes: Buffer): PostalSettlement[] {
  const lines = iconv.decode(bytes, "latin1").split(/\r?\n/);
  const headerAt = lines.findIndex((line) => line.trim() === HEADER);
  if (headerAt === -1 || headerAt > 1) throw malformed("SEPOMEX catalog header not found");
  const settlements: PostalSettlement[] = [];
  for (let index = headerAt + 1; index < lines.length; index++) {
    if (lines[index].trim() === "") continue;
    const fields = lines[index].split("|");
    if (fields.length !== COLUMNS.length)
      throw malformed(`SEPOMEX line ${index + 1} has ${fields.length} columns`);
    const zip = fields[column("d_codigo")];
    if (!/^\d{5}$/.test(zip))
      throw malformed(`SEPOMEX line ${index + 1}: postal code ${JSON.stringify(zip)}`);
    settlements.push({
      zip,
      settlement: fields[column("d_asenta")],
      settlementType: fields[column("d_tipo_asenta")],
      municipality: fields[column("D_mnpio")],
      state: fields[column("d_estado")],
      city: fields[column("d_ciudad")],
      stateCode: fields[column("c_estado")],
      municipalityCode: fields[column("c_mnpio")],
      zone: fields[column("d_zona")],
    });
  }
  if (settlements.length === 0) throw malformed("SEPOMEX catalog has no rows");
  return settlements;
}
