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

export function stringField(object: Record<string, unknown>, key: string): string {
  const value = object[key];
  if (typeof value !== "string") throw malformed(`"${key}" is not a string`);
  return value;
}

export function nullableStringField(object: Record<string, unknown>, key: string): string | null {
  return object[key] === null ? null : stringField(object, key);
}
