import { type Static, Type } from "typebox";
import { Nullable } from "../../platform/http/schemas.ts";
import type { UpstreamResult } from "../result.ts";

const NullableString = Nullable(Type.String());

// Field names are spec §2.8's own (snake_case): the operation returns these records as they are.
export const RegistryShareholderSchema = Type.Object({
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

export const RegistryActSchema = Type.Object({
  form: Type.String(),
  act: Type.String(),
  nci: Type.String(),
  filed_at: Type.String(),
  registered_at: Type.String(),
  document_number: Type.String(),
  modality: Type.String(),
});

export const SupportedRegistryRecordSchema = Type.Object({
  fme: Type.String(),
  name: Type.String(),
  supported: Type.Literal(true),
  person_type: Type.String(),
  status: Type.String(),
  registry_office: Type.String(),
  registered_at: Type.String(),
  prior_registration: NullableString,
  legal_regime: Type.String(),
  duration: Type.String(),
  corporate_purpose: Type.String(),
  business_line: NullableString,
  nationality: Type.String(),
  domicile: Type.String(),
  municipality: Type.String(),
  state: Type.String(),
  rfc: NullableString,
  curp: NullableString,
  shareholders: Type.Array(RegistryShareholderSchema),
  acts: Type.Array(RegistryActSchema),
});

export type RegistryShareholder = Static<typeof RegistryShareholderSchema>;
export type RegistryAct = Static<typeof RegistryActSchema>;
export type SupportedRegistryRecord = Static<typeof SupportedRegistryRecordSchema>;

/** A folio kept in a state the registry reader does not cover: only fme, name and office. */
export type UnsupportedRegistryRecord = {
  fme: string;
  name: string;
  supported: false;
  status: null;
  registry_office: string;
  shareholders: [];
  acts: [];
};

export type RegistryRecord = SupportedRegistryRecord | UnsupportedRegistryRecord;

/** An unsupported folio cut down to the fields it keeps, whatever else it came with. */
export const reduceUnsupported = ({
  fme,
  name,
  registry_office,
}: Pick<UnsupportedRegistryRecord, "fme" | "name" | "registry_office">): UnsupportedRegistryRecord => ({
  fme,
  name,
  supported: false,
  status: null,
  registry_office,
  shareholders: [],
  acts: [],
});

export type CommerceRegistryPort = {
  /** Every folio the registry finds for a company name (matching rules are the caller's). Cached. */
  searchByName(name: string, signal?: AbortSignal): Promise<UpstreamResult<RegistryRecord[]>>;
};
