import { PADRON_MAX_RECORDS } from "../../upstreams/padron/port.ts";

/**
 * SAT's massive RFC validation exchange (DESIGN §4, research §4): `consecutivo|RFC|NOMBRE|CP` lines in,
 * `consecutivo|RFC|NOMBRE|CP|LEYENDA` lines out, at most 5,000 records per request.
 */
export type PadronRecord = { consecutivo: string; rfc: string; name: string; zip: string };

export class PadronRequestError extends Error {
  override name = "PadronRequestError";
  readonly code: "too_many_records" | "malformed_line";
  /** 1-based line number of the offending line, when there is one. */
  readonly line?: number;
  constructor(code: PadronRequestError["code"], message: string, line?: number) {
    super(message);
    this.code = code;
    this.line = line;
  }
}

/** Parses a request body; CRLF or LF, blank lines ignored; every line needs exactly 4 fields. */
export function parsePadronRequest(text: string): PadronRecord[] {
  const records: PadronRecord[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === "") continue;
    const fields = line.split("|");
    if (fields.length !== 4 || fields[0].trim() === "" || fields[1].trim() === "") {
      throw new PadronRequestError(
        "malformed_line",
        `line ${index + 1}: expected consecutivo|RFC|NOMBRE|CP`,
        index + 1,
      );
    }
    if (records.length === PADRON_MAX_RECORDS) {
      throw new PadronRequestError("too_many_records", `more than ${PADRON_MAX_RECORDS} records`);
    }
    records.push({ consecutivo: fields[0], rfc: fields[1], name: fields[2], zip: fields[3] });
  }
  return records;
}

/** Formats the response: one `consecutivo|RFC|NOMBRE|CP|LEYENDA` line per record, CRLF-terminated. */
export function formatPadronResponse(records: readonly PadronRecord[], legends: readonly string[]): string {
  return records
    .map(({ consecutivo, rfc, name, zip }, i) => `${consecutivo}|${rfc}|${name}|${zip}|${legends[i]}\r\n`)
    .join("");
}
