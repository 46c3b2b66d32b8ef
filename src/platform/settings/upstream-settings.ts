import { group, integer, url } from "./setting.ts";

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
  certificateSearch: group("Certificate search", {
    url: url(
      "CERTIFICATE_SEARCH_URL",
      "",
      "Live certificate search connector, GET `?rfc=` → JSON list (empty: unavailable)",
    ),
    timeoutMs: integer("CERTIFICATE_SEARCH_TIMEOUT_MS", 8000, "Certificate search attempt timeout", 1),
    concurrency: integer(
      "CERTIFICATE_SEARCH_CONCURRENCY",
      8,
      "Certificate searches in flight at once",
      1,
      10_000,
    ),
    cacheTtlSeconds: integer(
      "CERTIFICATE_SEARCH_CACHE_TTL_SECONDS",
      21_600,
      "Certificate search answers kept (6 h)",
    ),
  }),
  certificateFiles: group("Certificate files", {
    url: url("CERTIFICATE_FILES_URL", "https://rdc.sat.gob.mx/rccf/", "Root of SAT's public .cer store"),
    timeoutMs: integer("CERTIFICATE_FILES_TIMEOUT_MS", 8000, "Certificate file download attempt timeout", 1),
    concurrency: integer(
      "CERTIFICATE_FILES_CONCURRENCY",
      16,
      "Certificate file downloads in flight at once",
      1,
      10_000,
    ),
    cacheTtlSeconds: integer(
      "CERTIFICATE_FILES_CACHE_TTL_SECONDS",
      86_400,
      "Certificate files (and their 404s) kept (24 h)",
    ),
  }),
  renapo: group("RENAPO", {
    url: url(
      "RENAPO_URL",
      "",
      "Live RENAPO connector, GET `{url}/{CURP}` → gob.mx JSON (empty: unavailable)",
    ),
    timeoutMs: integer("RENAPO_TIMEOUT_MS", 8000, "RENAPO attempt timeout", 1),
    concurrency: integer("RENAPO_CONCURRENCY", 8, "RENAPO lookups in flight at once", 1, 10_000),
    cacheTtlSeconds: integer("RENAPO_CACHE_TTL_SECONDS", 259_200, "RENAPO answers kept (3 days)"),
  }),
  commerceRegistry: group("Commerce registry", {
    url: url(
      "COMMERCE_REGISTRY_URL",
      "",
      "Live commerce-registry connector, GET `?name=` → `{query, records}` (empty: unavailable)",
    ),
    timeoutMs: integer(
      "COMMERCE_REGISTRY_TIMEOUT_MS",
      120_000,
      "Commerce-registry attempt timeout (a search takes 20–60 s)",
      1,
    ),
    concurrency: integer(
      "COMMERCE_REGISTRY_CONCURRENCY",
      4,
      "Commerce-registry searches in flight at once",
      1,
      10_000,
    ),
    cacheTtlSeconds: integer(
      "COMMERCE_REGISTRY_CACHE_TTL_SECONDS",
      604_800,
      "Commerce-registry answers kept (7 days)",
    ),
  }),
  satCsf: group("SAT's CSF page", {
    url: url(
      "SAT_CSF_URL",
      "https://siat.sat.gob.mx/app/qr/faces/pages/mobile/validadorqr.jsf",
      "SAT's public CSF page (the CSF's QR), asked `?D1=10&D2=1&D3={idCIF}_{RFC}` (empty: unavailable)",
    ),
    timeoutMs: integer("SAT_CSF_TIMEOUT_MS", 10_000, "CSF page attempt timeout", 1),
    concurrency: integer(
      "SAT_CSF_CONCURRENCY",
      4,
      "CSF page requests in flight at once per process (polite to SAT); the rest wait",
      1,
      10_000,
    ),
    cacheTtlSeconds: integer("SAT_CSF_CACHE_TTL_SECONDS", 600, "CSF pages kept per RFC + idCIF (10 min)"),
  }),
  postalCatalog: group("SEPOMEX catalog", {
    timeoutMs: integer(
      "POSTAL_CATALOG_TIMEOUT_MS",
      60_000,
      "SEPOMEX catalog download timeout (sandbox mode)",
      1,
    ),
  }),
});
