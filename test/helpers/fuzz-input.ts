import { gzipSync } from "node:zlib";

// Seeded, reproducible generators of hostile input for the fuzz test: the same seed gives the same
// requests in the same order, whatever the machine.

export interface Rng {
  next(): number;
  int(below: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: small, fast and good enough to pick test inputs. */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below) => Math.floor(next() * below),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

export const NASTY_STRINGS: readonly string[] = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "a\udfffb",
  "\ud83d",
  "😀",
  "\r\n",
  "a\r\nSet-Cookie: x=y",
  "\n",
  "\t",
  "\u2028",
  "\u0085",
  "\u3000",
  "\u00a0",
  "\ufeff",
  "\u202e",
  "Ñ",
  "ñandú & cía",
  "'; drop table owners; --",
  '<script>alert("x")</script>',
  "%00",
  "%E0%A4%A",
  "../../etc/passwd",
  "\\",
  "//evil.example",
  "/\t/evil.example",
  "/%0a/x",
  "$" + "{7*7}{{7*7}}", // template injection, kept out of a template literal
  "1e309",
  "__proto__",
  "x".repeat(10_000),
  "ñ".repeat(3_000),
  "\u0000".repeat(64),
];

const WRONG_TYPES: readonly unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  2 ** 70,
  true,
  false,
  null,
  [],
  {},
  [null],
  { a: "\u0000" },
  "string",
];

/** A nasty string, sometimes spliced into a plausible one (an RFC, a name, a zip). */
export function nastyString(rng: Rng, plausible: readonly string[] = []): string {
  const base = plausible.length > 0 && rng.chance(0.5) ? rng.pick(plausible) : "";
  const nasty = rng.pick(NASTY_STRINGS);
  if (!base) return nasty;
  if (rng.chance(0.4)) return base;
  const at = rng.int(base.length + 1);
  return base.slice(0, at) + nasty + base.slice(at);
}

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  maxItems?: number;
  maxLength?: number;
};

/**
 * A value shaped by a JSON Schema (the OpenAPI document's), with wrong types, nasty strings, unknown
 * and prototype-polluting keys and one-too-many items mixed in. `stringFor` supplies plausible
 * strings per property name (and keeps webhook URLs away from DNS).
 */
export function valueFor(
  rng: Rng,
  schema: Schema,
  stringFor: (rng: Rng, name: string, schema: Schema) => string,
  name = "",
): unknown {
  if (rng.chance(0.08)) return rng.pick(WRONG_TYPES);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "string") {
    if (schema.maxLength !== undefined && rng.chance(0.05)) return "A".repeat(schema.maxLength + 1);
    return stringFor(rng, name, schema);
  }
  if (type === "integer" || type === "number") return rng.pick([0, -1, 1, 2 ** 31, 2 ** 53 + 1, 0.5]);
  if (type === "boolean") return rng.chance(0.5);
  if (type === "array") {
    const item = () => valueFor(rng, schema.items ?? {}, stringFor, name);
    if (schema.maxItems !== undefined && rng.chance(0.03)) return new Array(schema.maxItems + 1).fill(item());
    return Array.from({ length: rng.int(4) }, item);
  }
  if (type === "object" || schema.properties) {
    const object: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      const required = schema.required?.includes(key) ?? false;
      if (rng.chance(required ? 0.92 : 0.5)) object[key] = valueFor(rng, property, stringFor, key);
    }
    if (rng.chance(0.05)) object[rng.pick(["extra", "__proto__", "constructor", "a\u0000", ""])] = "x";
    return object;
  }
  return rng.pick([...WRONG_TYPES, ...NASTY_STRINGS.slice(0, 10)]);
}

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
