import { SignedFileError } from "../signed-files/signed-file-error.ts";
import { packRfcBytes, unpackedKey } from "./rfc-key.ts";

export const RFC_LIST_HEADER = "RFC|SNCF|SUBCONTRATACION";
const NEWLINE = 10;
const PIPE = 124;
const ZERO = 48;
const ROW = /^[A-ZÑ&0-9]{10,13}\|[01]\|[01]$/;

export type RfcLineCounts = { rows: number; skipped: number; unpacked: Map<number, string> };

/**
 * The `RFC|0|1` rows of an l_RFC part (ISO-8859-1, optional MIME headers, the column header unless
 * the part starts with a row, an optional closing `EOF`) as numbers
 * `(key + keyOffset) * 4 + SNCF + 2 * SUBCONTRATACION`, `batchSize` at a time. Rows without exactly
 * two 0/1 flags are skipped and counted, like rfclinc does.
 */
export async function* readRfcLines(
  content: AsyncIterable<Uint8Array>,
  options: { keyOffset: number; counts: RfcLineCounts; batchSize?: number },
): AsyncGenerator<Float64Array> {
  const { counts, keyOffset } = options;
  const size = options.batchSize ?? 16_384;
  let batch = new Float64Array(size);
  let filled = 0;
  let stage = "start" as "start" | "mime" | "rows" | "ended";
  let carry: Buffer | null = null;
  const line = (bytes: Buffer, start: number, end: number): void => {
    if (end > start && bytes[end - 1] === 13) end--;
    if (stage === "rows") {
      const pipe = end - 4;
      if (pipe > start && bytes[pipe] === PIPE && bytes[pipe + 2] === PIPE) {
        const sncf = bytes[pipe + 1] - ZERO;
        const subcontracting = bytes[pipe + 3] - ZERO;
        if ((sncf === 0 || sncf === 1) && (subcontracting === 0 || subcontracting === 1)) {
          let key = packRfcBytes(bytes, start, pipe);
          if (key < 0) key = unpacked(bytes.toString("latin1", start, pipe));
          if (key >= 0) {
            batch[filled++] = (key + keyOffset) * 4 + sncf + 2 * subcontracting;
            counts.rows++;
            return;
          }
        }
      }
      if (end === start) return;
      if (end - start === 3 && bytes.toString("latin1", start, end) === "EOF") stage = "ended";
      else counts.skipped++;
      return;
    }
    const text = bytes.toString("latin1", start, end);
    if (stage === "ended") {
      if (text !== "") counts.skipped++;
    } else if (text === RFC_LIST_HEADER) stage = "rows";
    else if (stage === "start" && /^content-type:/i.test(text)) stage = "mime";
    else if (stage === "mime" && text === "") stage = "start";
    // SAT's parts after the first may start with rows: a row is no header at all, not a wrong one.
    else if (stage === "start" && ROW.test(text)) {
      stage = "rows";
      line(bytes, start, end);
    } else if (stage === "start" && text !== "")
      throw new SignedFileError(`not a registered-RFC list: the first line is not ${RFC_LIST_HEADER}`);
  };
  const unpacked = (rfc: string): number => {
    if (!/^[A-ZÑ&0-9]{10,13}$/.test(rfc)) return -1;
    const key = unpackedKey(rfc);
    const known = counts.unpacked.get(key);
    if (known !== undefined && known !== rfc)
      throw new SignedFileError(`two RFCs share a key: ${known}, ${rfc}`);
    counts.unpacked.set(key, rfc);
    return key;
  };
  for await (const chunk of content) {
    let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (carry) bytes = Buffer.concat([carry, bytes]);
    let start = 0;
    for (let newline = bytes.indexOf(NEWLINE); newline !== -1; newline = bytes.indexOf(NEWLINE, start)) {
      line(bytes, start, newline);
      start = newline + 1;
      if (filled === size) {
        yield batch;
        batch = new Float64Array(size);
        filled = 0;
      }
    }
    carry = start < bytes.length ? Buffer.from(bytes.subarray(start)) : null;
  }
  if (carry) line(carry, 0, carry.length);
  if (stage !== "rows" && stage !== "ended")
    throw new SignedFileError(`not a registered-RFC list: no ${RFC_LIST_HEADER} header`);
  if (filled > 0) yield batch.subarray(0, filled);
}
