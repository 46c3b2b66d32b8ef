import type { UpstreamResult } from "../result.ts";

// Field names are spec §2.8's own (snake_case): the operation returns these records as they are.
export type RegistryShareholder = {
  status: string;
  nationality: string;
  name: string;
  first_surname: string;
  second_surname: string;
  rfc: string;
  curp: string;
  series: string;
  incorporation_date: string | null;
  birth_date: string | null;
  shares: number;
  total_value: string;
  share_value: string;
};

export type RegistryAct = {
  form: string;
  act: string;
  nci: string;
  filed_at: string;
  registered_at: string;
  document_number: string;
  modality: string;
};

export type SupportedRegistryRecord = {
  fme: string;
  name: string;
  supported: true;
  person_type: string;
  status: string;
  registry_office: string;
  registered_at: string;
  prior_registration: string | null;
  legal_regime: string;
  duration: string;
  corporate_purpose: string;
  business_line: string | null;
  nationality: string;
  domicile: string;
  municipality: string;
  state: string;
  rfc: string | null;
  curp: string | null;
  shareholders: RegistryShareholder[];
  acts: RegistryAct[];
};

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

export type CommerceRegistryPort = {
  /** Every folio the registry finds for a company name (matching rules are the caller's). Cached. */
  searchByName(name: string, signal?: AbortSignal): Promise<UpstreamResult<RegistryRecord[]>>;
};
