import type { Static, TSchema } from "typebox";
import { Value } from "typebox/value";
import { malformed } from "./upstream-failure.ts";

/** Parses a JSON body; a cut or non-JSON answer is malformed. */
export function readJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    throw malformed("body is not JSON");
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The JSON when it has the schema's shape, else malformed naming the first field that is wrong. */
export function checkJson<T extends TSchema>(schema: T, json: unknown, what: string): Static<T> {
  if (Value.Check(schema, json)) return json;
  const [error] = Value.Errors(schema, json);
  const field = error.instancePath ? ` "${error.instancePath.slice(1)}"` : "";
  throw malformed(`${what}${field} ${error.message}`);
}

export function stringField(object: Record<string, unknown>, key: string): string {
  const value = object[key];
  if (typeof value !== "string") throw malformed(`"${key}" is not a string`);
  return value;
}
