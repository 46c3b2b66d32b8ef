// The one place that reads the environment. Every setting is declared once in SETTINGS (name, default,
// meaning, parser); the README's configuration table is checked against this list by a test.
import { BACKGROUND_SETTINGS } from "./platform/settings/background-settings.ts";
import {
  decimal,
  flag,
  integer,
  oneOf,
  proxyTrust,
  type Setting,
  secret,
  setting,
  text,
  url,
} from "./platform/settings/setting.ts";
import { UPSTREAM_SETTINGS } from "./platform/settings/upstream-settings.ts";

export const SETTINGS = {
  port: setting("PORT", "8080", "HTTP port of `padron serve`", integer(0, 65535)),
  host: setting("HOST", "127.0.0.1", "Interface `padron serve` listens on", text),
  publicUrl: setting(
    "PUBLIC_URL",
    "",
    "Base URL shown to people (defaults to http://HOST:PORT)",
    url(["http:", "https:"]),
  ),
  trustProxy: setting(
    "TRUST_PROXY",
    "false",
    "Proxies whose `X-Forwarded-For` gives the client address (login limit, request log): comma-separated addresses/CIDRs of the proxies, or `true` for any (only where nothing but the proxy can reach padron); docs/operations.md",
    proxyTrust,
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
    "Redis for shared rate limits (empty: in-memory; while it cannot be asked, per process)",
    url(["redis:", "rediss:"]),
  ),
  redisCommandTimeoutMs: setting(
    "REDIS_COMMAND_TIMEOUT_MS",
    "100",
    "Longest a request waits on Redis; past it, or while Redis is down, limits are counted per process",
    integer(10, 10_000),
  ),
  metricsToken: setting(
    "METRICS_TOKEN",
    "",
    "Bearer token that `/metrics` asks for, at least 16 characters (empty: `/metrics` answers only loopback requests that no proxy forwarded)",
    secret(16),
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
    "User created on first start, with a sandbox key printed at each start (kept in `demo-key` beside a SQLite database, else in `./data`; empty: none)",
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
  priceRegistration: setting(
    "PRICE_REGISTRATION",
    "1",
    "Credits per registration lookup (l_RFC and LCO, answered locally)",
    integer(0),
  ),
  overloadEventLoopDelayMs: setting(
    "OVERLOAD_EVENT_LOOP_DELAY_MS",
    "0",
    "Past this event-loop delay new requests get 503 + Retry-After (0: never; 1000 behind a balancer)",
    integer(0),
  ),
  overloadHeapUsedMb: setting(
    "OVERLOAD_HEAP_USED_MB",
    "0",
    "Past this much V8 heap in use new requests get 503 + Retry-After (0: never)",
    integer(0),
  ),
  priceCsf: setting("PRICE_CSF", "3", "Credits per CSF lookup (SAT's CSF page by RFC + idCIF)", integer(0)),
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
  ...UPSTREAM_SETTINGS,
  ...BACKGROUND_SETTINGS,
  // Taxpayer operations (src/taxpayers, src/postal-codes).
  sandboxUrl: setting(
    "SANDBOX_URL",
    "",
    "Sandbox that sandbox keys use when no in-process sandbox runs (empty: the in-process one, or none)",
    url(["http:", "https:"]),
  ),
  mcpApiKey: setting(
    "PADRON_API_KEY",
    "",
    "The API key `padron mcp` calls with: charged, limited and logged as over HTTP",
    text,
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

/** The environment, with each override that has a value (a CLI option not given leaves the variable). */
export function loadConfig(overrides: Record<string, string | undefined> = {}): Config {
  const given = Object.entries(overrides).filter(([, value]) => value !== undefined);
  return parseConfig({ ...process.env, ...Object.fromEntries(given) });
}
