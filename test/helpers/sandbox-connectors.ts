/**
 * Settings that aim the live connectors at a running sandbox (test keys use it anyway), so live-key
 * charges and refunds happen against sandbox answers. One quick retry; a breaker that never opens,
 * since scenarios fail on purpose.
 */
export function connectorsAt(sandboxUrl: string, timeoutMs: number): Record<string, string> {
  const timeout = String(timeoutMs);
  return {
    SANDBOX_URL: sandboxUrl,
    PADRON_VALIDATION_URL: `${sandboxUrl}/padron/validate`,
    CERTIFICATE_SEARCH_URL: `${sandboxUrl}/certificates`,
    CERTIFICATE_FILES_URL: `${sandboxUrl}/rccf/`,
    RENAPO_URL: `${sandboxUrl}/renapo/curp`,
    COMMERCE_REGISTRY_URL: `${sandboxUrl}/registry/search`,
    SAT_CSF_URL: `${sandboxUrl}/app/qr/faces/pages/mobile/validadorqr.jsf`,
    PADRON_TIMEOUT_MS: timeout,
    CERTIFICATE_SEARCH_TIMEOUT_MS: timeout,
    CERTIFICATE_FILES_TIMEOUT_MS: timeout,
    RENAPO_TIMEOUT_MS: timeout,
    COMMERCE_REGISTRY_TIMEOUT_MS: timeout,
    SAT_CSF_TIMEOUT_MS: timeout,
    UPSTREAM_RETRIES: "1",
    UPSTREAM_RETRY_DELAY_MS: "5",
    UPSTREAM_BREAKER_FAILURES: "100000",
  };
}
