import { decimal, group, integer, url } from "./setting.ts";

type Setting<T> = [fallback: T, description: string];

/** One source's connector and limits: `{PREFIX}_URL`, `_TIMEOUT_MS`, `_CONCURRENCY`, `_CACHE_TTL_SECONDS`. */
const source = (
  prefix: string,
  title: string,
  settings: { url: Setting<string> } & Record<"timeout" | "concurrency" | "cacheTtl", Setting<number>>,
) =>
  group(title, {
    url: url(`${prefix}_URL`, ...settings.url),
    timeoutMs: integer(`${prefix}_TIMEOUT_MS`, ...settings.timeout, 1),
    concurrency: integer(`${prefix}_CONCURRENCY`, ...settings.concurrency, 1, 10_000),
    cacheTtlSeconds: integer(`${prefix}_CACHE_TTL_SECONDS`, ...settings.cacheTtl),
  });

/** Upstreams (src/upstreams): the shared policy, then each source's connector, limits and cache. */
export const UPSTREAM_SETTINGS = group("Upstreams", {
  retries: integer(
    "UPSTREAM_RETRIES",
    2,
    "Retries after a failed upstream read (backoff with jitter)",
    0,
    10,
  ),
  retryDelayMs: integer("UPSTREAM_RETRY_DELAY_MS", 200, "First retry delay", 1),
  breakerFailures: integer(
    "UPSTREAM_BREAKER_FAILURES",
    5,
    "Consecutive failed attempts that open an upstream's circuit breaker",
    1,
  ),
  breakerCooldownMs: integer(
    "UPSTREAM_BREAKER_COOLDOWN_MS",
    30_000,
    "How long an open breaker answers unavailable before a trial call",
    1,
  ),
  queueLimit: integer(
    "UPSTREAM_QUEUE_LIMIT",
    10_000,
    "Calls allowed to wait for a free slot per upstream (beyond: unavailable)",
  ),
  cacheEntries: integer(
    "UPSTREAM_CACHE_ENTRIES",
    10_000,
    "Answers kept per upstream and mode (least recently used dropped)",
  ),
  padron: group("Padrón validation", {
    url: url(
      "PADRON_VALIDATION_URL",
      "",
      "Live padrón validation connector, POST `consecutivo|RFC|NOMBRE|CP` lines (empty: unavailable)",
    ),
    timeoutMs: integer(
      "PADRON_TIMEOUT_MS",
      30_000,
      "Padrón validation attempt timeout (a 5,000-record call takes 10–15 s, sometimes over 20 s)",
      1,
    ),
    concurrency: integer(
      "PADRON_CONCURRENCY",
      8,
      "One-record padrón checks (verify, validate) in flight at once; never queued behind bulk calls",
      1,
      10_000,
    ),
    bulkConcurrency: integer(
      "PADRON_BULK_CONCURRENCY",
      24,
      "Bulk padrón calls (≤ 5,000 records: find-zip and validate chunks, batches) in flight at once",
      1,
      10_000,
    ),
    bulkPerOwner: integer(
      "PADRON_BULK_PER_OWNER",
      8,
      "Of those, how many one owner may hold (a find-zip sends 6–7 at once); the rest wait their turn",
      1,
      10_000,
    ),
    cacheTtlSeconds: integer("PADRON_CACHE_TTL_SECONDS", 21_600, "Padrón answers kept (6 h)"),
  }),
  certificateSearch: source("CERTIFICATE_SEARCH", "Certificate search", {
    url: ["", "Live certificate search connector, GET `?rfc=` → JSON list (empty: unavailable)"],
    timeout: [8000, "Certificate search attempt timeout"],
    concurrency: [8, "Certificate searches in flight at once"],
    cacheTtl: [21_600, "Certificate search answers kept (6 h)"],
  }),
  certificateFiles: source("CERTIFICATE_FILES", "Certificate files", {
    url: ["https://rdc.sat.gob.mx/rccf/", "Root of SAT's public .cer store"],
    timeout: [8000, "Certificate file download attempt timeout"],
    concurrency: [16, "Certificate file downloads in flight at once"],
    cacheTtl: [86_400, "Certificate files (and their 404s) kept (24 h)"],
  }),
  renapo: source("RENAPO", "RENAPO", {
    url: ["", "Live RENAPO connector, GET `{url}/{CURP}` → gob.mx JSON (empty: unavailable)"],
    timeout: [8000, "RENAPO attempt timeout"],
    concurrency: [8, "RENAPO lookups in flight at once"],
    cacheTtl: [259_200, "RENAPO answers kept (3 days)"],
  }),
  commerceRegistry: source("COMMERCE_REGISTRY", "Commerce registry", {
    url: ["", "Live commerce-registry connector, GET `?name=` → `{query, records}` (empty: unavailable)"],
    timeout: [120_000, "Commerce-registry attempt timeout (a search takes 20–60 s)"],
    concurrency: [4, "Commerce-registry searches in flight at once"],
    cacheTtl: [604_800, "Commerce-registry answers kept (7 days)"],
  }),
  satCsf: source("SAT_CSF", "SAT's CSF page", {
    url: [
      "https://siat.sat.gob.mx/app/qr/faces/pages/mobile/validadorqr.jsf",
      "SAT's public CSF page (the CSF's QR), asked `?D1=10&D2=1&D3={idCIF}_{RFC}` (empty: unavailable)",
    ],
    timeout: [10_000, "CSF page attempt timeout"],
    concurrency: [4, "CSF page requests in flight at once per process (polite to SAT); the rest wait"],
    cacheTtl: [600, "CSF pages kept per RFC + idCIF (10 min)"],
  }),
  postalCatalog: group("SEPOMEX catalog", {
    timeoutMs: integer(
      "POSTAL_CATALOG_TIMEOUT_MS",
      60_000,
      "SEPOMEX catalog download timeout (sandbox mode)",
      1,
    ),
    minCodeRatio: decimal(
      "POSTAL_CATALOG_MIN_CODE_RATIO",
      0.9,
      "A catalog with fewer postal codes than this share of the current one is refused (a truncated file)",
    ),
  }),
});
