import type { Generated } from "kysely";

// Engine-neutral types: times are epoch milliseconds, money is integer credits,
// booleans are 0/1 integers and JSON is text.

export interface OwnersTable {
  id: string;
  kind: "user" | "org";
  name: string;
  plan: "payg" | "pro";
  plan_expires_at: number | null;
  /** The plan's monthly allowance; null: the configured PLAN_MONTHLY_CREDITS. */
  plan_monthly_credits: number | null;
  created_at: number;
}

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  created_at: number;
}

export interface OrganizationsTable {
  id: string;
  slug: string;
  name: string;
  created_at: number;
}

export interface MembershipsTable {
  org_id: string;
  user_id: string;
  role: "owner" | "admin" | "member";
  created_at: number;
}

export interface ApiKeysTable {
  id: string;
  owner_id: string;
  mode: "live" | "test";
  label: string;
  display_prefix: string;
  hash: string;
  created_by: string | null;
  created_at: number;
  last_used_at: number | null;
  deleted_at: number | null;
}

export interface BalancesTable {
  owner_id: string;
  credits: number;
  allowance: number;
  allowance_period: string;
  updated_at: number;
}

export interface LedgerTable {
  id: Generated<number>;
  owner_id: string;
  kind: "grant" | "charge" | "refund" | "topup" | "allowance" | "transfer";
  credits: number;
  allowance: number;
  operation: string | null;
  request_id: string | null;
  note: string | null;
  created_at: number;
}

export interface ApiRequestsTable {
  id: Generated<number>;
  request_id: string;
  owner_id: string;
  key_id: string;
  method: string;
  operation: string;
  rfc: string | null;
  status: number;
  credits: number;
  latency_ms: number;
  created_at: number;
  /** The key's mode, and what the answer said (`true`, `false`, `null`, an error code…); null before 0013. */
  mode: "live" | "test" | null;
  outcome: string | null;
}

export interface JobsTable {
  id: string;
  name: string;
  payload: string;
  status: "queued" | "running" | "done" | "dead";
  attempts: number;
  max_attempts: number;
  run_at: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface JobAttemptsTable {
  id: Generated<number>;
  job_id: string;
  attempt: number;
  worker_id: string;
  started_at: number;
  lease_until: number;
  ended_at: number | null;
  outcome: "done" | "retry" | "dead" | "lost" | null;
  error: string | null;
}

export interface RequestsTable {
  request_id: string;
  owner_id: string;
  key_id: string;
  mode: "live" | "test";
  operation: string;
  status: "processing" | "completed" | "failed";
  webhook_url: string | null;
  progress_done: number | null;
  progress_total: number | null;
  result_status: number | null;
  result_body: string | null;
  created_at: number;
  completed_at: number | null;
  expires_at: number;
}

export interface WebhookSecretsTable {
  owner_id: string;
  /** The mode of the keys whose requests it signs. */
  mode: "live" | "test";
  secret: string;
  created_at: number;
}

export interface WebhookDeliveriesTable {
  id: string;
  request_id: string;
  owner_id: string;
  /** The mode of the request: its secret signs the delivery. */
  mode: "live" | "test";
  url: string;
  payload: string;
  status: "pending" | "delivered" | "failed";
  /** The run of retries that owns the delivery: 0, then one more per redelivery. */
  round: Generated<number>;
  created_at: number;
  delivered_at: number | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: string;
  attempted_at: number;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

export interface IdempotencyKeysTable {
  owner_id: string;
  mode: "live" | "test";
  key: string;
  fingerprint: string;
  status: "running" | "done";
  locked_until: number;
  /** The request holding the key (null on keys claimed before migration 0021). */
  request_id: string | null;
  response_status: number | null;
  response_headers: string | null;
  response_body: string | null;
  created_at: number;
  expires_at: number;
}

export interface ListVersionsTable {
  id: Generated<number>;
  mode: "live" | "sandbox";
  list_key: string;
  article: string;
  file_name: string;
  /** loading → current → retired (then pruned); rejected/failed versions are deleted at once. */
  status: "loading" | "current" | "retired";
  source_url: string;
  etag: string | null;
  last_modified: string | null;
  /** YYYY-MM-DD from the file's "actualizada al" preamble. */
  content_date: string | null;
  fetched_at: number;
  checked_at: number;
  row_count: number;
  suppressed_count: number;
  byte_count: number;
  sha256: string;
}

export interface ListCurrentTable {
  mode: "live" | "sandbox";
  list_key: string;
  version_id: number;
  switched_at: number;
}

export interface ListRefreshesTable {
  mode: "live" | "sandbox";
  list_key: string;
  /** The last refresh's outcome: replaced, unchanged, not_modified, rejected or failed. */
  status: string;
  reason: string | null;
  attempts: number;
  refreshed_at: number;
}

export interface ListEntriesTable {
  version_id: number;
  position: number;
  rfc: string;
  sub_list: string;
  situation: string;
  name: string;
  person_type: string;
  state: string;
  suppressed: number;
  /** JSON object of the row's other cells, by header text. */
  raw: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  csrf_token: string;
  created_at: number;
  expires_at: number;
}

export interface PostalCodesTable {
  mode: "live" | "sandbox";
  zip: string;
  state_code: string;
  state: string;
  municipality: string;
  settlements: number;
}

export interface PostalCodeImportsTable {
  mode: "live" | "sandbox";
  codes: number;
  settlements: number;
  source: string;
  imported_at: number;
}

export type ListMode = "live" | "sandbox";
/** `rfc`: the registered-RFC list (l_RFC); `certificates`: the certificate list (LCO). */
export type RegistrationList = "rfc" | "certificates";

/** One per mode and list: what readers see (dates are days since 1970-01-01) and the import lease. */
export interface RegistrationListsTable {
  mode: ListMode;
  list: RegistrationList;
  published_date: number | null;
  /** rfc: the date an import wrote and has not published; readers take its history rows instead. */
  importing_date: number | null;
  /** The first list date ever imported: an RFC "since" then was on the list at least since then. */
  first_date: number | null;
  /** certificates: the import id whose entries readers see. */
  version: number | null;
  row_count: number;
  published_at: number | null;
  source: string | null;
  /** JSON: each part's file and signer. */
  signers: string | null;
  import_holder: string | null;
  import_heartbeat_at: number | null;
  last_sync_at: number | null;
  last_sync_outcome: string | null;
  last_sync_detail: string | null;
}

export interface RegistrationImportsTable {
  id: Generated<number>;
  mode: ListMode;
  list: RegistrationList;
  list_date: number;
  status: "loading" | "current" | "retired" | "failed" | "unchanged";
  started_at: number;
  finished_at: number | null;
  row_count: number;
  detail: string | null;
}

/** The registered RFCs of a key range: up to 128 entries of 14 bytes (registration/rfc-entries.ts). */
export interface RegisteredRfcBlocksTable {
  /** The key of the first entry: the packed RFC (registration/rfc-key.ts), sandbox keys offset by 2^50. */
  first_key: number;
  entries: Uint8Array;
}

/** One per RFC and list date it changed; the previous state undoes an import that was not published. */
export interface RegisteredRfcChangesTable {
  list_date: number;
  key: number;
  /** 1 added, 2 removed, 3 restored, 4 flags changed. */
  kind: number;
  flags: number;
  prev_since: number | null;
  prev_changed_on: number | null;
  prev_flags: number | null;
  prev_removed_on: number | null;
}

export interface RegisteredRfcTextsTable {
  key: number;
  rfc: string;
}

export interface CertificateListEntriesTable {
  version: number;
  rfc_key: number;
  serial: string;
  /** A active, R revoked, C expired (EstatusCertificado). */
  status: "A" | "R" | "C";
  valid_from: number;
  valid_to: number;
  /** ValidezObligaciones. */
  obligations: number;
}

export interface WriteProbesTable {
  name: string;
  probed_at: number;
}

export interface Database {
  owners: OwnersTable;
  users: UsersTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  api_keys: ApiKeysTable;
  balances: BalancesTable;
  ledger: LedgerTable;
  api_requests: ApiRequestsTable;
  jobs: JobsTable;
  job_attempts: JobAttemptsTable;
  requests: RequestsTable;
  webhook_secrets: WebhookSecretsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  idempotency_keys: IdempotencyKeysTable;
  list_versions: ListVersionsTable;
  list_current: ListCurrentTable;
  list_entries: ListEntriesTable;
  list_refreshes: ListRefreshesTable;
  sessions: SessionsTable;
  postal_codes: PostalCodesTable;
  postal_code_imports: PostalCodeImportsTable;
  registration_lists: RegistrationListsTable;
  registration_imports: RegistrationImportsTable;
  registered_rfc_blocks: RegisteredRfcBlocksTable;
  registered_rfc_changes: RegisteredRfcChangesTable;
  registered_rfc_texts: RegisteredRfcTextsTable;
  certificate_list_entries: CertificateListEntriesTable;
  write_probes: WriteProbesTable;
}
