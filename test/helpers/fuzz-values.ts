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
