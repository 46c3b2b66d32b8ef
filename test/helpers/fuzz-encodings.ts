import { gzipSync } from "node:zlib";
import type { Rng } from "./fuzz-values.ts";

// How fuzzed values travel: JSON bodies with broken bytes or wrong framing, hostile path segments and
// queries, form fields with malformed escapes.

export interface EncodedBody {
  payload: string | Buffer;
  headers: Record<string, string>;
}

const INVALID_UTF8 = [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe0, 0xa4], [0xf4, 0x90, 0x80, 0x80]];

/** Mostly the JSON text of `value`; otherwise broken bytes, wrong types of content, compression. */
export function encodeJson(rng: Rng, value: unknown): EncodedBody {
  const json = JSON.stringify(value) ?? "null";
  const type = { "content-type": "application/json" };
  const roll = rng.int(100);
  if (roll < 70) return { payload: json, headers: type };
  const bytes = Buffer.from(json);
  const at = rng.int(bytes.length + 1);
  if (roll < 80) {
    const bad = Buffer.from(rng.pick(INVALID_UTF8));
    return { payload: Buffer.concat([bytes.subarray(0, at), bad, bytes.subarray(at)]), headers: type };
  }
  if (roll < 84) return { payload: json.slice(0, at), headers: type };
  if (roll < 86) return { payload: `\ufeff${json}`, headers: type };
  if (roll < 88) return { payload: `${"[".repeat(50_000)}${"]".repeat(50_000)}`, headers: type };
  if (roll < 92) return { payload: gzipSync(json), headers: { ...type, "content-encoding": "gzip" } };
  if (roll < 94)
    return { payload: json, headers: { ...type, "content-encoding": rng.pick(["br", "identity"]) } };
  const otherType = rng.pick([
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/json; charset=latin1",
    "application/json\r\nx: y",
    "",
  ]);
  return { payload: json, headers: otherType ? { "content-type": otherType } : {} };
}

/** A path segment as a client could send it: percent-escaped nasties, bad escapes, bad UTF-8. */
export function nastySegment(rng: Rng): string {
  const raw = rng.pick([
    "%00",
    "a%00b",
    "%0a",
    "%0d%0aSet-Cookie:%20x=y",
    "%09",
    "%E3%80%80",
    "%ED%A0%80",
    "%FF",
    "%C0%AF",
    "%E0%A4%A",
    "%",
    "%zz",
    "..",
    "%2e%2e",
    "%2F",
    "x".repeat(300),
    "%C3%91",
    "req_0000000000000000000000",
  ]);
  return rng.chance(0.5) ? raw : `abc${raw}def`;
}

/** A query string of nasty pairs, raw (already escaped as a client might). */
export function nastyQuery(rng: Rng): string {
  return rng.pick([
    "a=%00",
    "next=%2F%0a%2Fx",
    "next=%2F%09%2Fevil.example",
    "next=%2F%E3%80%80%2Fx",
    "x=%E0%A4%A",
    "a=1&a=2",
    "x[y]=1",
    "=&&=",
    "next=https%3A%2F%2Fevil.example",
  ]);
}

/** A form field value percent-encoded, or with raw malformed escapes and bad UTF-8 bytes. */
export function encodeFormValue(rng: Rng, value: string): string {
  if (rng.chance(0.15)) return rng.pick(["%", "%zz", "%FF", "%00", "%ED%A0%80", "%E0%A4%A", "a%0d%0ab"]);
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ""))}%ED%A0%80`; // a lone surrogate
  }
}
