import iconv from "iconv-lite";
import { malformed } from "../upstream-failure.ts";
import { field, outcomeOf } from "./padron-exchange.ts";
import type { PadronOutcome, PadronQuery, PadronVerdict } from "./port.ts";

const PIPE = 0x7c;
const LF = 0x0a;
const CR = 0x0d;

const decode = (bytes: Buffer, start: number, end: number, encoding: "utf8" | "win1252") =>
  encoding === "utf8"
    ? bytes.toString("utf8", start, end)
    : iconv.decode(bytes.subarray(start, end), "win1252");

/**
 * Reads `consecutivo|RFC|NOMBRE|CP|LEYENDA` lines; anything but one line per record sent is malformed.
 * Walks the bytes in place: an answer repeats one RFC and a few legends on up to 5,000 lines, so only
 * a legend not seen on the line before is decoded.
 */
export function readPadronAnswer(
  body: Buffer,
  encoding: "utf8" | "win1252",
  sent: readonly PadronQuery[],
): PadronVerdict[] {
  const verdicts: (PadronVerdict | undefined)[] = new Array(sent.length).fill(undefined);
  const rfcBytes = new Map<string, Buffer>();
  let legend = { start: 0, end: 0, text: "", outcome: "unrecognized" as PadronOutcome };
  const length = body.length;
  let start = 0;
  while (start < length) {
    const lineStart = start;
    let found = 0;
    let p1 = -1;
    let p2 = -1;
    let p4 = -1;
    let lineEnd = lineStart;
    for (; lineEnd < length; lineEnd++) {
      const byte = body[lineEnd];
      if (byte === LF) break;
      if (byte !== PIPE) continue;
      found++;
      if (found === 1) p1 = lineEnd;
      else if (found === 2) p2 = lineEnd;
      else if (found === 4) p4 = lineEnd;
    }
    const end = lineEnd > lineStart && body[lineEnd - 1] === CR ? lineEnd - 1 : lineEnd;
    start = lineEnd + 1;
    if (found !== 4) {
      const line = decode(body, lineStart, end, encoding);
      if (line.trim() === "") continue;
      throw malformed(`padrón line with ${line.split("|").length} fields`);
    }
    const position = positionOf(body, lineStart, p1);
    const record = sent[position];
    if (!record || verdicts[position])
      throw malformed(`unexpected consecutivo ${JSON.stringify(decode(body, lineStart, p1, encoding))}`);
    let expected = rfcBytes.get(record.rfc);
    if (!expected) {
      expected = encoding === "utf8" ? Buffer.from(record.rfc) : iconv.encode(record.rfc, "win1252");
      rfcBytes.set(record.rfc, expected);
    }
    if (body.compare(expected, 0, expected.length, p1 + 1, p2) !== 0) {
      const rfc = decode(body, p1 + 1, p2, encoding)
        .trim()
        .toUpperCase();
      if (rfc !== field(record.rfc).toUpperCase())
        throw malformed(`line ${position + 1} answers for another RFC`);
    }
    if (legend.text === "" || body.compare(body, legend.start, legend.end, p4 + 1, end) !== 0) {
      const text = decode(body, p4 + 1, end, encoding).trim();
      if (text === "") throw malformed(`line ${position + 1} has no legend`);
      legend = { start: p4 + 1, end, text, outcome: outcomeOf(text) };
    }
    verdicts[position] = {
      rfc: record.rfc,
      name: record.name,
      zip: record.zip,
      outcome: legend.outcome,
      legend: legend.text,
    };
  }
  const missing = verdicts.indexOf(undefined);
  if (missing !== -1) throw malformed(`no answer for record ${missing + 1}`);
  return verdicts as PadronVerdict[];
}

/** 0-based position from the 1–5 digit consecutivo in bytes[start, end); -1 for anything else. */
function positionOf(bytes: Buffer, start: number, end: number): number {
  while (start < end && bytes[start] === 0x20) start++;
  while (end > start && bytes[end - 1] === 0x20) end--;
  if (end === start || end - start > 5) return -1;
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = bytes[i] - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value - 1;
}
