import { decimal, flag, group, integer, listModes, share, text, url } from "./setting.ts";

/** Jobs, webhooks, idempotency, the lists kept fresh and the dashboard. */
export const BACKGROUND_SETTINGS = {
  worker: group("Jobs", {
    concurrency: integer("WORKER_CONCURRENCY", 8, "Jobs one worker process runs at once", 1, 1000),
    leaseMs: integer(
      "WORKER_LEASE_MS",
      30_000,
      "Lease of a claimed job; a dead worker's jobs are taken over after it expires",
      100,
    ),
    pollMs: integer("WORKER_POLL_MS", 250, "How often an idle worker looks for jobs", 5),
    retryBaseMs: integer(
      "JOB_RETRY_BASE_MS",
      1000,
      "First retry delay of a failed job (doubles each attempt, with jitter)",
      1,
    ),
  }),
  webhooks: group("Webhooks", {
    allowPrivate: flag(
      "WEBHOOK_ALLOW_PRIVATE",
      false,
      "Allow webhook URLs on loopback/private addresses (development and tests only)",
    ),
    timeoutMs: integer("WEBHOOK_TIMEOUT_MS", 15_000, "Timeout of one webhook delivery attempt", 1),
    timeScale: decimal(
      "WEBHOOK_TIME_SCALE",
      1,
      "Multiplier of the webhook retry schedule (5 s … 10 h); tests shrink it",
    ),
  }),
  idempotency: group("Idempotency keys", {
    waitMs: integer(
      "IDEMPOTENCY_WAIT_MS",
      10_000,
      "How long a retry waits for the first request with its Idempotency-Key before 409",
    ),
    leaseMs: integer(
      "IDEMPOTENCY_LEASE_MS",
      30_000,
      "Lease on an Idempotency-Key, renewed while its first request runs; a crashed process's keys are free after it, and the retry that takes one over refunds the unanswered request's charge",
      30,
    ),
  }),
  lists: group("Contributor lists", {
    liveBaseUrl: url(
      "LISTS_LIVE_BASE_URL",
      "https://wu1agsprosta001.blob.core.windows.net/agsc-publicaciones/",
      "Where live contributor lists are downloaded from (SAT's Datos_abiertos container)",
    ),
    sandboxBaseUrl: url(
      "LISTS_SANDBOX_BASE_URL",
      "",
      "Where sandbox contributor lists are downloaded from (empty: the in-process sandbox)",
    ),
    refreshIntervalMs: integer(
      "LISTS_REFRESH_INTERVAL_MS",
      86_400_000,
      "How often the worker re-checks SAT's list files (conditional requests)",
      60_000,
    ),
    refreshModes: listModes(
      "LISTS_REFRESH_MODES",
      "sandbox,live",
      "Which lists a worker keeps fresh: `sandbox`, `live`, both (comma-separated) or empty for none",
    ),
    minRowRatio: decimal(
      "LISTS_MIN_ROW_RATIO",
      0.5,
      "A list download with fewer rows than this share of the current version is refused",
    ),
    fetchTimeoutMs: integer(
      "LISTS_FETCH_TIMEOUT_MS",
      60_000,
      "Longest wait for a list server's headers, and between two body chunks",
      100,
    ),
    fetchRetries: integer(
      "LISTS_FETCH_RETRIES",
      3,
      "Retries of a list download that failed (network, 5xx, truncated)",
      0,
      10,
    ),
  }),
  registration: group("Registered-RFC list (l_RFC) and certificate list (LCO)", {
    liveBaseUrl: url(
      "REGISTRATION_LIVE_BASE_URL",
      "https://cfdisat.blob.core.windows.net/lco",
      "SAT's blob container of the registered-RFC list (l_RFC) and the certificate list (LCO)",
    ),
    sandboxBaseUrl: url(
      "REGISTRATION_SANDBOX_BASE_URL",
      "",
      "The same container for sandbox keys (empty: the in-process sandbox's `/lco`)",
    ),
    refreshModes: listModes(
      "REGISTRATION_REFRESH_MODES",
      "sandbox,live",
      "Which modes' l_RFC and LCO `padron serve` and workers sync daily: `sandbox`, `live`, both, or empty for none",
    ),
    refreshIntervalMs: integer(
      "REGISTRATION_REFRESH_INTERVAL_MS",
      86_400_000,
      "How often l_RFC and LCO are synced",
      60_000,
    ),
    downloadDir: text(
      "REGISTRATION_DOWNLOAD_DIR",
      "./data/registration",
      "Where parts are downloaded (resumed after an interruption, deleted once imported)",
    ),
    minRowRatio: decimal(
      "REGISTRATION_MIN_ROW_RATIO",
      0.9,
      "A list date with fewer rows than this share of the published one is refused (a missing part)",
    ),
    syncWriteShare: share(
      "REGISTRATION_SYNC_WRITE_SHARE",
      0.5,
      "Share of a sync's time spent writing a next day's changes: it pauses for the rest, so lookups keep their pace (1: no pauses)",
    ),
  }),
  dashboard: group("Dashboard", {
    sessionHours: integer("DASHBOARD_SESSION_HOURS", 168, "How long a dashboard login lasts", 1, 24 * 90),
    loginPerMinute: integer(
      "DASHBOARD_LOGIN_PER_MINUTE",
      10,
      "Dashboard log-in and sign-up attempts per address per minute",
      1,
    ),
  }),
};
