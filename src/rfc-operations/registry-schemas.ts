import { Type } from "typebox";
import { Nullable } from "../platform/http/schemas.ts";

const NullableString = Nullable(Type.String());

const ShareholderSchema = Type.Object({
  status: Type.String(),
  nationality: Type.String(),
  name: Type.String(),
  first_surname: Type.String(),
  second_surname: Type.String(),
  rfc: Type.String(),
  curp: Type.String(),
  series: Type.String(),
  incorporation_date: NullableString,
  birth_date: NullableString,
  shares: Type.Integer(),
  total_value: Type.String(),
  share_value: Type.String(),
});

const ActSchema = Type.Object({
  form: Type.String(),
  act: Type.String(),
  nci: Type.String(),
  filed_at: Type.String(),
  registered_at: Type.String(),
  document_number: Type.String(),
  modality: Type.String(),
});

// Unsupported records carry only fme, name, supported, status (null), registry_office and empty arrays.
const RegistryRecordSchema = Type.Object({
  fme: Type.String(),
  name: Type.String(),
  supported: Type.Boolean(),
  person_type: Type.Optional(Type.String()),
  status: NullableString,
  registry_office: Type.String(),
  registered_at: Type.Optional(Type.String()),
  prior_registration: Type.Optional(NullableString),
  legal_regime: Type.Optional(Type.String()),
  duration: Type.Optional(Type.String()),
  corporate_purpose: Type.Optional(Type.String()),
  business_line: Type.Optional(NullableString),
  nationality: Type.Optional(Type.String()),
  domicile: Type.Optional(Type.String()),
  municipality: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  rfc: Type.Optional(NullableString),
  curp: Type.Optional(NullableString),
  shareholders: Type.Array(ShareholderSchema),
  acts: Type.Array(ActSchema),
});

export const CommerceRegistrySchema = Type.Object({
  rfc: Type.String(),
  found: Nullable(Type.Boolean()),
  name: Type.Optional(Type.String()),
  message: Type.String(),
  records: Type.Array(RegistryRecordSchema),
});
