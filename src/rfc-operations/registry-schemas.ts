import { Type } from "typebox";
import { Nullable } from "../platform/http/schemas.ts";
import { SupportedRegistryRecordSchema } from "../upstreams/commerce-registry/port.ts";

const { fme, name, registry_office, shareholders, acts } = SupportedRegistryRecordSchema.properties;

// Unsupported records carry only fme, name, supported, status (null), registry_office and empty arrays.
const RegistryRecordSchema = Type.Object({
  ...Type.Partial(SupportedRegistryRecordSchema).properties,
  fme,
  name,
  supported: Type.Boolean(),
  status: Nullable(Type.String()),
  registry_office,
  shareholders,
  acts,
});

export const CommerceRegistrySchema = Type.Object({
  rfc: Type.String(),
  found: Nullable(Type.Boolean()),
  name: Type.Optional(Type.String()),
  message: Type.String(),
  records: Type.Array(RegistryRecordSchema),
});
