import iconv from "iconv-lite";
import { malformed } from "../upstream-failure.ts";
import type { PostalSettlement } from "./port.ts";

// The columns padron reads, by SEPOMEX's header names (research §7), in whatever order a download puts
// them (c_CP last, say). The catalog stores code, state and municipality: only those are required.
const FIELDS = {
  zip: "d_codigo",
  settlement: "d_asenta",
  settlementType: "d_tipo_asenta",
  municipality: "D_mnpio",
  state: "d_estado",
  city: "d_ciudad",
  stateCode: "c_estado",
  municipalityCode: "c_mnpio",
  zone: "d_zona",
} as const satisfies Record<keyof PostalSettlement, string>;

type Field = keyof typeof FIELDS;
const NAMES = Object.entries(FIELDS) as [Field, string][];
const REQUIRED: readonly Field[] = ["zip", "state", "stateCode", "municipality"];

/** Latin-1 text: an optional legal-notice line, the header, then pipe-separated settlement rows. */
export function parseSepomexCatalog(bytes: Buffer): PostalSettlement[] {
  const lines = iconv.decode(bytes, "latin1").split(/\r?\n/);
  const headerAt = lines.slice(0, 2).findIndex((line) => headerCells(line).includes("d_codigo"));
  if (headerAt === -1) throw malformed("SEPOMEX catalog header not found (no d_codigo column)");
  const header = headerCells(lines[headerAt]);
  const at = columnsOf(header);
  const settlements: PostalSettlement[] = [];
  for (let index = headerAt + 1; index < lines.length; index++) {
    if (lines[index].trim() === "") continue;
    const fields = lines[index].split("|");
    if (fields.length !== header.length)
      throw malformed(`SEPOMEX line ${index + 1} has ${fields.length} columns, the header ${header.length}`);
    const zip = fields[at.zip].trim();
    if (!/^\d{5}$/.test(zip))
      throw malformed(`SEPOMEX line ${index + 1}: postal code ${JSON.stringify(zip)}`);
    const row = { zip } as PostalSettlement;
    for (const [field] of NAMES) if (field !== "zip") row[field] = at[field] === -1 ? "" : fields[at[field]];
    settlements.push(row);
  }
  if (settlements.length === 0) throw malformed("SEPOMEX catalog has no rows");
  return settlements;
}

/** Header cells compared without case, spaces or a byte-order mark (`D_mnpio` is written `d_mnpio` too). */
function headerCells(line: string): string[] {
  return line
    .replace(/^\uFEFF/, "")
    .split("|")
    .map((cell) => cell.trim().toLowerCase());
}

/** Where each column is (-1: absent, read as ""); a missing required one is named in the refusal. */
function columnsOf(header: readonly string[]): Record<Field, number> {
  const at = {} as Record<Field, number>;
  const missing: string[] = [];
  for (const [field, name] of NAMES) {
    at[field] = header.indexOf(name.toLowerCase());
    if (at[field] === -1 && REQUIRED.includes(field)) missing.push(name);
  }
  if (missing.length > 0) throw malformed(`SEPOMEX catalog header lacks the column(s) ${missing.join(", ")}`);
  return at;
}
