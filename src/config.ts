// The one place that reads the environment: one TypeBox schema, nested by concern, each leaf with its
// variable, default and meaning (the README's tables are generated from it: npm run config-table).
import { Type } from "typebox";
import type { StaticDecode } from "typebox/type";
import { BACKGROUND_SETTINGS } from "./platform/settings/background-settings.ts";
import { readSettings } from "./platform/settings/read-settings.ts";
import {
  decimal,
  flag,
  group,
  integer,
  oneOf,
  proxyTrust,
  secret,
  text,
  url,
} from "./platform/settings/setting.ts";
import { UPSTREAM_SETTINGS } from "./platform/settings/upstream-settings.ts";

export const CONFIG_SCHEMA = Type.Object({
  server: group("HTTP server", {
    port: integer("PORT", 8080, "HTTP port of `padron serve`", 0, 65535),
    host: text("HOST", "127.0.0.1", "Interface `padron serve` listens on"),
    publicUrl: url("PUBLIC_URL", "", "Base URL shown to people (defaults to http://HOST:PORT)"),
    trustProxy: proxyTrust(
      "TRUST_PROXY",
      "false",
      "Proxies whose `X-Forwarded-For` gives the client address (login limit, request log): comma-separated addresses/CIDRs of the proxies, or `true` for any (only where nothing but the proxy can reach padron); docs/operations.md",
    ),
    bodyLimitBytes: integer("BODY_LIMIT_BYTES", 4_194_304, "Largest accepted request body", 1024),
    shutdownGraceMs: integer(
      "SHUTDOWN_GRACE_MS",
      10_000,
      "How long `serve` waits for requests in flight; those still running then end with 503, refunded",
    ),
    metricsToken: secret(
      "METRICS_TOKEN",
      "Bearer token that `/metrics` asks for, at least 16 characters (empty: `/metrics` answers only loopback requests that no proxy forwarded)",
      16,
    ),
    overloadEventLoopDelayMs: integer(
      "OVERLOAD_EVENT_LOOP_DELAY_MS",
      0,
      "Past this event-loop delay new requests get 503 + Retry-After (0: never; 1000 behind a balancer)",
    ),
    overloadHeapUsedMb: integer(
      "OVERLOAD_HEAP_USED_MB",
      0,
      "Past this much V8 heap in use new requests get 503 + Retry-After (0: never)",
    ),
  }),
  log: group("Logs", {
    level: oneOf("LOG_LEVEL", "info", "fatal, error, warn, info, debug, trace or silent", [
      "fatal",
      "error",
      "warn",
      "info",
      "debug",
      "trace",
      "silent",
    ]),
  }),
  database: group("Database", {
    url: Type.Refine(
      text("DATABASE_URL", "sqlite:./data/padron.db", "`sqlite:PATH` (embedded) or `postgres://…`"),
      (value) => /^(sqlite:|postgres(ql)?:\/\/)/.test(value),
      () => "must start with sqlite: or postgres://",
    ),
    poolSize: integer("DATABASE_POOL_SIZE", 10, "PostgreSQL connections per process", 1, 500),
    prepare: flag(
      "DATABASE_PREPARE",
      true,
      "PostgreSQL: prepare each statement once per connection (off behind PgBouncer < 1.21 in transaction mode)",
    ),
  }),
  redis: group("Redis", {
    url: url(
      "REDIS_URL",
      "",
      "Redis for shared rate limits (empty: in-memory; while it cannot be asked, per process)",
      ["redis:", "rediss:"],
    ),
    commandTimeoutMs: integer(
      "REDIS_COMMAND_TIMEOUT_MS",
      100,
      "Longest a request waits on Redis; past it, or while Redis is down, limits are counted per process",
      10,
      10_000,
    ),
  }),
  rateLimits: group("Rate limits", {
    perMinute: integer("RATE_LIMIT_PER_MINUTE", 600, "Requests per key per minute", 1),
    batchPerMinute: integer("RATE_LIMIT_BATCH_PER_MINUTE", 6, "verify-batch requests per key per minute", 1),
  }),
  accounts: group("Accounts", {
    demoUser: text(
      "DEMO_USER",
      "demo@padron.local",
      "User created on first start, with a sandbox key printed at each start (kept in `demo-key` beside a SQLite database, else in `./data`; empty: none)",
    ),
    signupCredits: integer("SIGNUP_CREDITS", 500, "Credits granted to every new user (1 credit = USD 0.01)"),
    planMonthlyCredits: integer("PLAN_MONTHLY_CREDITS", 10_000, "Monthly allowance of the `pro` plan"),
  }),
  // Keyed by operation (credits/prices.ts).
  prices: group("Prices, in credits", {
    validate: integer("PRICE_VALIDATE", 10, "Credits per validate"),
    verify: integer("PRICE_VERIFY", 1, "Credits per verify"),
    "verify-batch": integer("PRICE_VERIFY_BATCH_RECORD", 1, "Credits per verify-batch record"),
    "find-zip": integer("PRICE_FIND_ZIP", 5, "Credits per find-zip"),
    profile: integer("PRICE_PROFILE", 3, "Credits per profile"),
    "commerce-registry": integer("PRICE_COMMERCE_REGISTRY", 25, "Credits per commerce-registry"),
    "sat-lists": integer("PRICE_SAT_LISTS", 1, "Credits per sat-lists (free with an active plan)"),
    registration: integer(
      "PRICE_REGISTRATION",
      1,
      "Credits per registration lookup (l_RFC and LCO, answered locally)",
    ),
    csf: integer("PRICE_CSF", 3, "Credits per CSF lookup (SAT's CSF page by RFC + idCIF)"),
  }),
  sandbox: group("Sandbox", {
    enabled: flag("SANDBOX", true, "Start the sandbox upstreams inside `padron serve`"),
    port: integer("SANDBOX_PORT", 8081, "Port of the in-process sandbox (0: any free port)", 0, 65535),
    seed: integer("SANDBOX_SEED", 1, "Seed of the sandbox population"),
    size: integer("SANDBOX_SIZE", 20_000, "Taxpayers in the sandbox population", 100, 1_000_000),
    timeScale: decimal("SANDBOX_TIME_SCALE", 1, "Sandbox latency multiplier (0: instant)"),
    url: url(
      "SANDBOX_URL",
      "",
      "Sandbox that sandbox keys use when no in-process sandbox runs (empty: the in-process one, or none)",
    ),
  }),
  upstreams: UPSTREAM_SETTINGS,
  ...BACKGROUND_SETTINGS,
  mcp: group("MCP", {
    apiKey: secret(
      "PADRON_API_KEY",
      "The API key `padron mcp` calls with: charged, limited and logged as over HTTP",
    ),
  }),
});

export type Config = StaticDecode<typeof CONFIG_SCHEMA>;

/** Parses an environment (or overrides in tests); throws one error listing every bad value. */
export const parseConfig = (env: Record<string, string | undefined>): Config =>
  readSettings(CONFIG_SCHEMA, env) as Config;

/** The environment, with each override that has a value (a CLI option not given leaves the variable). */
export function loadConfig(overrides: Record<string, string | undefined> = {}): Config {
  const given = Object.entries(overrides).filter(([, value]) => value !== undefined);
  return parseConfig({ ...process.env, ...Object.fromEntries(given) });
}
