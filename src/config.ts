// The one place that reads the environment. Every setting is declared once in SETTINGS (name, default,
// meaning, parser); the README's configuration table is checked against this list by a test.

type Parser<T> = (raw: string, name: string) => T;

interface Setting<T> {
  env: string;
  default: string;
  meaning: string;
  parse: Parser<T>;
}

const integer =
  (min: number, max = Number.MAX_SAFE_INTEGER): Parser<number> =>
  (raw, name) => {
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw.trim()) || value < min || value > max) {
      throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
    }
    return value;
  };
const decimal =
  (min: number): Parser<number> =>
  (raw, name) => {
    const value = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(value) || value < min)
      throw new Error(`${name} must be a number ≥ ${min}, got "${raw}"`);
    return value;
  };
const text: Parser<string> = (raw) => raw.trim();
const flag: Parser<boolean> = (raw, name) => {
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off|)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
};
const url =
  (schemes: string[]): Parser<string> =>
  (raw, name) => {
    if (raw.trim() === "") return "";
    try {
      const parsed = new URL(raw);
      if (!schemes.includes(parsed.protocol)) throw new Error();
    } catch {
      throw new Error(`${name} must be a URL (${schemes.join(" or ")}), got "${raw}"`);
    }
    return raw.trim();
  };
const oneOf =
  <T extends string>(...values: T[]): Parser<T> =>
  (raw, name) => {
    if (!values.includes(raw as T))
      throw new Error(`${name} must be one of ${values.join(", ")}, got "${raw}"`);
    return raw as T;
  };

const setting = <T>(env: string, defaultValue: string, meaning: string, parse: Parser<T>): Setting<T> => ({
  env,
  default: defaultValue,
  meaning,
  parse,
});

export const SETTINGS = {
  port: setting("PORT", "8080", "HTTP port of `padron serve`", integer(0, 65535)),
  host: setting("HOST", "127.0.0.1", "Interface `padron serve` listens on", text),
  publicUrl: setting(
    "PUBLIC_URL",
    "",
    "Base URL shown to people (defaults to http://HOST:PORT)",
    url(["http:", "https:"]),
  ),
  databaseUrl: setting(
    "DATABASE_URL",
    "sqlite:./data/padron.db",
    "`sqlite:PATH` (embedded) or `postgres://…`",
    (raw, name) => {
      if (/^sqlite:/.test(raw) || /^postgres(ql)?:\/\//.test(raw)) return raw;
      throw new Error(`${name} must start with sqlite: or postgres://, got "${raw}"`);
    },
  ),
  databasePoolSize: setting(
    "DATABASE_POOL_SIZE",
    "10",
    "PostgreSQL connections per process",
    integer(1, 500),
  ),
  redisUrl: setting(
    "REDIS_URL",
    "",
    "Redis for shared rate limits (empty: in-memory)",
    url(["redis:", "rediss:"]),
  ),
  logLevel: setting(
    "LOG_LEVEL",
    "info",
    "fatal, error, warn, info, debug, trace or silent",
    oneOf("fatal", "error", "warn", "info", "debug", "trace", "silent"),
  ),
  demoUser: setting(
    "DEMO_USER",
    "demo@padron.local",
    "User created on first start, with a fresh sandbox key printed at each start (empty: none)",
    text,
  ),
  signupCredits: setting(
    "SIGNUP_CREDITS",
    "500",
    "Credits granted to every new user (1 credit = USD 0.01)",
    integer(0),
  ),
  planMonthlyCredits: setting(
    "PLAN_MONTHLY_CREDITS",
    "10000",
    "Monthly allowance of the `pro` plan",
    integer(0),
  ),
  priceValidate: setting("PRICE_VALIDATE", "10", "Credits per validate", integer(0)),
  priceVerify: setting("PRICE_VERIFY", "1", "Credits per verify", integer(0)),
  priceVerifyBatchRecord: setting(
    "PRICE_VERIFY_BATCH_RECORD",
    "1",
    "Credits per verify-batch record",
    integer(0),
  ),
  priceFindZip: setting("PRICE_FIND_ZIP", "5", "Credits per find-zip", integer(0)),
  priceProfile: setting("PRICE_PROFILE", "3", "Credits per profile", integer(0)),
  priceCommerceRegistry: setting(
    "PRICE_COMMERCE_REGISTRY",
    "25",
    "Credits per commerce-registry",
    integer(0),
  ),
  priceSatLists: setting(
    "PRICE_SAT_LISTS",
    "1",
    "Credits per sat-lists (free with an active plan)",
    integer(0),
  ),
  rateLimitPerMinute: setting("RATE_LIMIT_PER_MINUTE", "600", "Requests per key per minute", integer(1)),
  rateLimitBatchPerMinute: setting(
    "RATE_LIMIT_BATCH_PER_MINUTE",
    "6",
    "verify-batch requests per key per minute",
    integer(1),
  ),
  bodyLimitBytes: setting("BODY_LIMIT_BYTES", "4194304", "Largest accepted request body", integer(1024)),
  sandbox: setting("SANDBOX", "true", "Start the sandbox upstreams inside `padron serve`", flag),
  sandboxPort: setting(
    "SANDBOX_PORT",
    "8081",
    "Port of the in-process sandbox (0: any free port)",
    integer(0, 65535),
  ),
  sandboxSeed: setting("SANDBOX_SEED", "1", "Seed of the sandbox population", integer(0)),
  sandboxSize: setting(
    "SANDBOX_SIZE",
    "20000",
    "Taxpayers in the sandbox population",
    integer(100, 1_000_000),
  ),
  sandboxTimeScale: setting("SANDBOX_TIME_SCALE", "1", "Sandbox latency multiplier (0: instant)", decimal(0)),
  shutdownGraceMs: setting(
    "SHUTDOWN_GRACE_MS",
    "10000",
    "How long `serve` waits for requests in flight",
    integer(0),
  ),
  // Upstreams (src/upstreams): live connector URLs, then per-source policies and answer-cache TTLs.
  padronValidationUrl: setting(
    "PADRON_VALIDATION_URL",
    "",
    "Live padrón validation connector, POST `consecutivo|RFC|NOMBRE|CP` lines (empty: unavailable)",
    url(["http:", "https:"]),
  ),
  certificateSearchUrl: setting(
    "CERTIFICATE_SEARCH_URL",
    "",
    "Live certificate search connector, GET `?rfc=` → JSON list (empty: unavailable)",
    url(["http:", "https:"]),
  ),
  certificateFilesUrl: setting(
    "CERTIFICATE_FILES_URL",
    "https://rdc.sat.gob.mx/rccf/",
    "Root of SAT's public .cer store",
    url(["http:", "https:"]),
  ),
  renapoUrl: setting(
    "RENAPO_URL",
    "",
    "Live RENAPO connector, GET `{url}/{CURP}` → gob.mx JSON (empty: unavailable)",
    url(["http:", "https:"]),
  ),
  commerceRegistryUrl: setting(
    "COMMERCE_REGISTRY_URL",
    "",
    "Live commerce-registry connector, GET `?name=` → `{query, records}` (empty: unavailable)",
    url(["http:", "https:"]),
  ),
  padronTimeoutMs: setting("PADRON_TIMEOUT_MS", "20000", "Padrón validation attempt timeout", integer(1)),
  padronConcurrency: setting(
    "PADRON_CONCURRENCY",
    "4",
    "Padrón validation calls in flight at once (politeness towards SAT)",
    integer(1, 1000),
  ),
  padronCacheTtlSeconds: setting(
    "PADRON_CACHE_TTL_SECONDS",
    "21600",
    "Padrón answers kept (6 h)",
    integer(0),
  ),
  certificateSearchTimeoutMs: setting(
    "CERTIFICATE_SEARCH_TIMEOUT_MS",
    "8000",
    "Certificate search attempt timeout",
    integer(1),
  ),
  certificateSearchConcurrency: setting(
    "CERTIFICATE_SEARCH_CONCURRENCY",
    "8",
    "Certificate searches in flight at once",
    integer(1, 1000),
  ),
  certificateSearchCacheTtlSeconds: setting(
    "CERTIFICATE_SEARCH_CACHE_TTL_SECONDS",
    "21600",
    "Certificate search answers kept (6 h)",
    integer(0),
  ),
  certificateFilesTimeoutMs: setting(
    "CERTIFICATE_FILES_TIMEOUT_MS",
    "8000",
    "Certificate file download attempt timeout",
    integer(1),
  ),
  certificateFilesConcurrency: setting(
    "CERTIFICATE_FILES_CONCURRENCY",
    "16",
    "Certificate file downloads in flight at once",
    integer(1, 1000),
  ),
  certificateFilesCacheTtlSeconds: setting(
    "CERTIFICATE_FILES_CACHE_TTL_SECONDS",
    "86400",
    "Certificate files (and their 404s) kept (24 h)",
    integer(0),
  ),
  renapoTimeoutMs: setting("RENAPO_TIMEOUT_MS", "8000", "RENAPO attempt timeout", integer(1)),
  renapoConcurrency: setting("RENAPO_CONCURRENCY", "8", "RENAPO lookups in flight at once", integer(1, 1000)),
  renapoCacheTtlSeconds: setting(
    "RENAPO_CACHE_TTL_SECONDS",
    "259200",
    "RENAPO answers kept (3 days)",
    integer(0),
  ),
  commerceRegistryTimeoutMs: setting(
    "COMMERCE_REGISTRY_TIMEOUT_MS",
    "15000",
    "Commerce-registry attempt timeout",
    integer(1),
  ),
  commerceRegistryConcurrency: setting(
    "COMMERCE_REGISTRY_CONCURRENCY",
    "4",
    "Commerce-registry searches in flight at once",
    integer(1, 1000),
  ),
  commerceRegistryCacheTtlSeconds: setting(
    "COMMERCE_REGISTRY_CACHE_TTL_SECONDS",
    "604800",
    "Commerce-registry answers kept (7 days)",
    integer(0),
  ),
  postalCatalogTimeoutMs: setting(
    "POSTAL_CATALOG_TIMEOUT_MS",
    "60000",
    "SEPOMEX catalog download timeout (sandbox mode)",
    integer(1),
  ),
  upstreamRetries: setting(
    "UPSTREAM_RETRIES",
    "2",
    "Retries after a failed upstream read (backoff with jitter)",
    integer(0, 10),
  ),
  upstreamRetryDelayMs: setting("UPSTREAM_RETRY_DELAY_MS", "200", "First retry delay", integer(1)),
  upstreamBreakerFailures: setting(
    "UPSTREAM_BREAKER_FAILURES",
    "5",
    "Consecutive failed attempts that open an upstream's circuit breaker",
    integer(1),
  ),
  upstreamBreakerCooldownMs: setting(
    "UPSTREAM_BREAKER_COOLDOWN_MS",
    "30000",
    "How long an open breaker answers unavailable before a trial call",
    integer(1),
  ),
  upstreamQueueLimit: setting(
    "UPSTREAM_QUEUE_LIMIT",
    "10000",
    "Calls allowed to wait for a free slot per upstream (beyond: unavailable)",
    integer(0),
  ),
  upstreamCacheEntries: setting(
    "UPSTREAM_CACHE_ENTRIES",
    "10000",
    "Answers kept per upstream and mode (least recently used dropped)",
    integer(0),
  ),
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

type Settings = typeof SETTINGS;
export type Config = { readonly [K in keyof Settings]: ReturnType<Settings[K]["parse"]> };

/** Parses an environment (or overrides in tests); throws one error listing every bad value. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, entry] of Object.entries(SETTINGS) as [string, Setting<unknown>][]) {
    try {
      values[key] = entry.parse(env[entry.env] ?? entry.default, entry.env);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  return Object.freeze(values) as Config;
}

export function loadConfig(overrides: Record<string, string | undefined> = {}): Config {
  return parseConfig({ ...process.env, ...overrides });
}
