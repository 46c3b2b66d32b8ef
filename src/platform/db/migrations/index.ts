import type { Kysely } from "kysely";
import type { Engine } from "../connect.ts";
import * as foundation from "./0001_foundation.ts";
import * as requestLog from "./0002_request_log.ts";
import * as async from "./0003_async.ts";
import * as dashboard from "./0004_dashboard.ts";
import * as contributorLists from "./0005_contributor_lists.ts";
import * as postalCodes from "./0006_postal_codes.ts";
import * as lighterLedgerWrites from "./0007_lighter_ledger_writes.ts";
import * as requestLogFile from "./0008_request_log_file.ts";
import * as webhookSecretsPerMode from "./0010_webhook_secrets_per_mode.ts";
import * as listRefreshes from "./0011_list_refreshes.ts";
import * as plansAndRequestOutcomes from "./0013_plans_and_request_outcomes.ts";
import * as registration from "./0014_registration.ts";
import * as idempotencyKeysByMode from "./0015_idempotency_keys_by_mode.ts";
import * as requestLogBackInMain from "./0016_request_log_back_in_main.ts";
import * as writeProbes from "./0017_write_probes.ts";
import * as registeredRfcBlocks from "./0018_registered_rfc_blocks.ts";
import * as registrationImportingDate from "./0019_registration_importing_date.ts";
import * as webhookDeliveryRounds from "./0020_webhook_delivery_rounds.ts";
import * as idempotencyKeyHolders from "./0021_idempotency_key_holders.ts";

type Up = (db: Kysely<unknown>, engine: Engine) => Promise<void>;

/** Forward-only migrations, applied in key order. Add a file and a line; never edit a landed one. */
export const MIGRATIONS: Record<string, { up: Up }> = {
  "0001_foundation": foundation,
  "0002_request_log": requestLog,
  "0003_async": async,
  "0004_dashboard": dashboard,
  "0005_contributor_lists": contributorLists,
  "0006_postal_codes": postalCodes,
  "0007_lighter_ledger_writes": lighterLedgerWrites,
  "0008_request_log_file": requestLogFile,
  "0010_webhook_secrets_per_mode": webhookSecretsPerMode,
  "0011_list_refreshes": listRefreshes,
  "0013_plans_and_request_outcomes": plansAndRequestOutcomes,
  "0014_registration": registration,
  "0015_idempotency_keys_by_mode": idempotencyKeysByMode,
  "0016_request_log_back_in_main": requestLogBackInMain,
  "0017_write_probes": writeProbes,
  "0018_registered_rfc_blocks": registeredRfcBlocks,
  "0019_registration_importing_date": registrationImportingDate,
  "0020_webhook_delivery_rounds": webhookDeliveryRounds,
  "0021_idempotency_key_holders": idempotencyKeyHolders,
};
