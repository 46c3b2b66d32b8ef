import { isRecord, nullableStringField, stringField } from "../read-json.ts";
import { malformed } from "../upstream-failure.ts";
import type { RegistryAct, RegistryRecord, RegistryShareholder } from "./port.ts";

type Json = Record<string, unknown>;

const strings = (object: Json, keys: readonly string[]) =>
  Object.fromEntries(keys.map((key) => [key, stringField(object, key)]));
const nullableStrings = (object: Json, keys: readonly string[]) =>
  Object.fromEntries(keys.map((key) => [key, nullableStringField(object, key)]));

function list(object: Json, key: string): Json[] {
  const value = object[key];
  if (!Array.isArray(value) || !value.every(isRecord)) throw malformed(`"${key}" is not a list of objects`);
  return value;
}

function shareholder(json: Json): RegistryShareholder {
  const shares = json.shares;
  if (typeof shares !== "number" || !Number.isInteger(shares)) throw malformed('"shares" is not an integer');
  return {
    ...strings(json, [
      "status",
      "nationality",
      "name",
      "first_surname",
      "second_surname",
      "rfc",
      "curp",
      "series",
    ]),
    ...nullableStrings(json, ["incorporation_date", "birth_date"]),
    shares,
    ...strings(json, ["total_value", "share_value"]),
  } as RegistryShareholder;
}

const act = (json: Json) =>
  strings(json, [
    "form",
    "act",
    "nci",
    "filed_at",
    "registered_at",
    "document_number",
    "modality",
  ]) as RegistryAct;

function registryRecord(json: unknown): RegistryRecord {
  if (!isRecord(json)) throw malformed("registry record is not an object");
  const identity = strings(json, ["fme", "name", "registry_office"]);
  if (json.supported === false) {
    return {
      fme: identity.fme,
      name: identity.name,
      supported: false,
      status: null,
      registry_office: identity.registry_office,
      shareholders: [],
      acts: [],
    };
  }
  if (json.supported !== true) throw malformed('"supported" is not a boolean');
  return {
    fme: identity.fme,
    name: identity.name,
    supported: true,
    ...strings(json, ["person_type", "status"]),
    registry_office: identity.registry_office,
    ...strings(json, ["registered_at"]),
    ...nullableStrings(json, ["prior_registration"]),
    ...strings(json, ["legal_regime", "duration", "corporate_purpose"]),
    ...nullableStrings(json, ["business_line"]),
    ...strings(json, ["nationality", "domicile", "municipality", "state"]),
    ...nullableStrings(json, ["rfc", "curp"]),
    shareholders: list(json, "shareholders").map(shareholder),
    acts: list(json, "acts").map(act),
  } as RegistryRecord;
}

/** `{ query, records: [...] }` (sandbox formats/commerce-registry.ts, spec §2.8). */
export function parseRegistryAnswer(json: unknown): RegistryRecord[] {
  if (!isRecord(json) || !Array.isArray(json.records))
    throw malformed('registry answer has no "records" list');
  return json.records.map(registryRecord);
}
