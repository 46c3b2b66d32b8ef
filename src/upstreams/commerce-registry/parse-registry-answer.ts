import { type TObject, Type } from "typebox";
import { checkJson, isRecord } from "../read-json.ts";
import { malformed } from "../upstream-failure.ts";
import {
  RegistryActSchema,
  type RegistryRecord,
  RegistryShareholderSchema,
  reduceUnsupported,
  type SupportedRegistryRecord,
  SupportedRegistryRecordSchema,
} from "./port.ts";

const { fme, name, registry_office } = SupportedRegistryRecordSchema.properties;
// An unsupported record's other fields are not read: they are cut away.
const UnsupportedAnswerSchema = Type.Object({ fme, name, supported: Type.Literal(false), registry_office });

// Only the schema's fields, in its order: what the registry adds or reorders does not reach our answers.
const fieldsOf = (schema: TObject, json: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.keys(schema.properties).map((key) => [key, json[key]]));

function registryRecord(json: unknown): RegistryRecord {
  if (isRecord(json) && json.supported === false)
    return reduceUnsupported(checkJson(UnsupportedAnswerSchema, json, "registry record"));
  const record = checkJson(SupportedRegistryRecordSchema, json, "registry record");
  return {
    ...fieldsOf(SupportedRegistryRecordSchema, record),
    shareholders: record.shareholders.map((shareholder) => fieldsOf(RegistryShareholderSchema, shareholder)),
    acts: record.acts.map((act) => fieldsOf(RegistryActSchema, act)),
  } as SupportedRegistryRecord;
}

/** `{ query, records: [...] }` (sandbox formats/commerce-registry.ts, spec §2.8). */
export function parseRegistryAnswer(json: unknown): RegistryRecord[] {
  if (!isRecord(json) || !Array.isArray(json.records))
    throw malformed('registry answer has no "records" list');
  return json.records.map(registryRecord);
}
