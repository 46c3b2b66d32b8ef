import { IsCodec, type TObject, type TSchema } from "typebox";
import { Value } from "typebox/value";
import { ConfigurationError } from "../configuration-error.ts";
import { FLAG_WORDS } from "./setting.ts";

export type SettingLeaf = TSchema & {
  env: string;
  default: unknown;
  description: string;
  type?: string;
  enum?: string[];
  writeOnly?: true;
};
type Env = Record<string, string | undefined>;

// Value.Convert would read "" as 0 and truncate "8.5" to 8; a value that does not read stays a
// string, so the check names it.
const read = (leaf: SettingLeaf, raw: string): unknown => {
  const value = raw.trim();
  if (leaf.type === "boolean") return FLAG_WORDS[value.toLowerCase()] ?? value;
  const number = Number(value);
  if (leaf.type === "integer" || leaf.type === "number")
    return value !== "" && Number.isFinite(number) ? number : value;
  return value;
};

/** The first thing wrong with a leaf's value, named by its variable (a secret's value never shown). */
function problemOf(leaf: SettingLeaf, value: unknown, raw: string | undefined): string | undefined {
  if (Value.Check(leaf, value)) return undefined;
  const [error] = Value.Errors(leaf, value);
  const message = leaf.enum
    ? `must be one of ${leaf.enum.join(", ")}`
    : leaf.type === "boolean"
      ? "must be true or false"
      : error?.message;
  return `${leaf.env} ${message}, got ${leaf.writeOnly ? `${raw?.length} characters` : `"${raw}"`}`;
}

/** The schema's shape filled from the environment (else each default), with every problem found. */
function fill(schema: TObject, env: Env, problems: string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(schema.properties)) {
    if (!("env" in child)) {
      values[key] = fill(child as TObject, env, problems);
      continue;
    }
    const leaf = child as SettingLeaf;
    const raw = env[leaf.env];
    const value = raw === undefined ? Value.Default(leaf, undefined) : read(leaf, raw);
    const problem = problemOf(leaf, value, raw);
    if (problem) problems.push(problem);
    // Only the leaves that need it are decoded: Value.Decode of the whole schema takes ~17 ms.
    values[key] = !problem && IsCodec(leaf) ? Value.Decode(leaf, value) : value;
  }
  return values;
}

const deepFreeze = <T>(value: T): T => {
  if (typeof value === "object" && value !== null)
    for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
};

/** The environment read into the schema's shape, checked, decoded and frozen; one error lists every bad value. */
export function readSettings(schema: TObject, env: Env): unknown {
  const problems: string[] = [];
  const values = fill(schema, env, problems);
  if (problems.length > 0) throw new ConfigurationError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  return deepFreeze(values);
}
