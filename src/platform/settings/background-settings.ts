import { decimal, flag, integer, listModes, setting, text, url } from "./setting.ts";

/** Jobs, webhooks, idempotency, contributor-list refresh and the dashboard. */
export const BACKGROUND_SETTINGS = {
  // Async work (src/platform/jobs, src/requests, src/webhooks, src/idempotency).
  workerConcurrency: setting(
    "WORKER_CONCURRENCY",
    "8",
    "Jobs one worker process runs at once",
    integer(1, 1000),
  ),
  workerLeaseMs: setting(
    "WORKER_LEASE_MS",
    "30000",
    "Lease of a claimed job; a dead worker's jobs are taken over after it expires",
    integer(100),
  ),
  workerPollMs: setting("WORKER_POLL_MS", "250", "How often an idle worker looks for jobs", integer(5)),
  jobRetryBaseMs: setting(
    "JOB_RETRY_BASE_MS",
    "1000",
    "First retry delay of a failed job (doubles each attempt, with jitter)",
    integer(1),
  ),
  webhookAllowPrivate: setting(
    "WEBHOOK_ALLOW_PRIVATE",
    "false",
    "Allow webhook URLs on loopback/private addresses (development and tests only)",
    flag,
  ),
  webhookTimeoutMs: setting(
    "WEBHOOK_TIMEOUT_MS",
    "15000",
    "Timeout of one webhook delivery attempt",
    integer(1),
  ),
  webhookTimeScale: setting(
    "WEBHOOK_TIME_SCALE",
    "1",
    "Multiplier of the webhook retry schedule (5 s … 10 h); tests shrink it",
    decimal(0),
  ),
  idempotencyWaitMs: setting(
    "IDEMPOTENCY_WAIT_MS",
    "10000",
    "How long a retry waits for the first request with its Idempotency-Key before 409",
    integer(0),
  ),
  idempotencyLeaseMs: setting(
    "IDEMPOTENCY_LEASE_MS",
    "30000",
    "Lease on an Idempotency-Key, renewed while its first request runs; a crashed process's keys are free after it",
    integer(30),
  ),
  listsLiveBaseUrl: setting(
    "LISTS_LIVE_BASE_URL",
    "https://wu1agsprosta001.blob.core.windows.net/agsc-publicaciones/",
    "Where live contributor lists are downloaded from (SAT's Datos_abiertos container)",
    url(["https:", "http:"]),
  ),
  listsSandboxBaseUrl: setting(
    "LISTS_SANDBOX_BASE_URL",
    "",
    "Where sandbox contributor lists are downloaded from (empty: the in-process sandbox)",
    url(["https:", "http:"]),
  ),
  listsRefreshIntervalMs: setting(
    "LISTS_REFRESH_INTERVAL_MS",
    "86400000",
    "How often the worker re-checks SAT's list files (conditional requests)",
    integer(60_000),
  ),
  listsRefreshModes: setting(
    "LISTS_REFRESH_MODES",
    "sandbox,live",
    "Which lists a worker keeps fresh: `sandbox`, `live`, both (comma-separated) or empty for none",
    listModes,
  ),
  listsMinRowRatio: setting(
    "LISTS_MIN_ROW_RATIO",
    "0.5",
    "A list download with fewer rows than this share of the current version is refused",
    decimal(0),
  ),
  listsFetchTimeoutMs: setting(
    "LISTS_FETCH_TIMEOUT_MS",
    "60000",
    "Longest wait for a list server's headers, and between two body chunks",
    integer(100),
  ),
  listsFetchRetries: setting(
    "LISTS_FETCH_RETRIES",
    "3",
    "Retries of a list download that failed (network, 5xx, truncated)",
    integer(0, 10),
  ),
  registrationLiveBaseUrl: setting(
    "REGISTRATION_LIVE_BASE_URL",
    "https://cfdisat.blob.core.windows.net/lco",
    "SAT's blob container of the registered-RFC list (l_RFC) and the certificate list (LCO)",
    url(["https:", "http:"]),
  ),
  registrationSandboxBaseUrl: setting(
    "REGISTRATION_SANDBOX_BASE_URL",
    "",
    "The same container for sandbox keys (empty: the in-process sandbox's `/lco`)",
    url(["https:", "http:"]),
  ),
  registrationRefreshModes: setting(
    "REGISTRATION_REFRESH_MODES",
    "sandbox,live",
    "Which modes' l_RFC and LCO `padron serve` and workers sync daily: `sandbox`, `live`, both, or empty for none",
    listModes,
  ),
  registrationRefreshIntervalMs: setting(
    "REGISTRATION_REFRESH_INTERVAL_MS",
    "86400000",
    "How often l_RFC and LCO are synced",
    integer(60_000),
  ),
  registrationDownloadDir: setting(
    "REGISTRATION_DOWNLOAD_DIR",
    "./data/registration",
    "Where parts are downloaded (resumed after an interruption, deleted once imported)",
    text,
  ),
  registrationMinRowRatio: setting(
    "REGISTRATION_MIN_ROW_RATIO",
    "0.9",
    "A list date with fewer rows than this share of the published one is refused (a missing part)",
    decimal(0),
  ),
  dashboardSessionHours: setting(
    "DASHBOARD_SESSION_HOURS",
    "168",
    "How long a dashboard login lasts",
    integer(1, 24 * 90),
  ),
  dashboardLoginPerMinute: setting(
    "DASHBOARD_LOGIN_PER_MINUTE",
    "10",
    "Dashboard log-in and sign-up attempts per address per minute",
    integer(1),
  ),
} as const;
