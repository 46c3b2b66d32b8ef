import { parseConfig } from "../../../src/config.ts";
import { createUpstreams, type UpstreamRegistry } from "../../../src/upstreams/create-upstreams.ts";
import type { Upstreams } from "../../../src/upstreams/upstreams.ts";

/** Fast retries and a short timeout so failure paths finish quickly; override per test. */
export function upstreamConfig(overrides: Record<string, string> = {}) {
  return parseConfig({
    UPSTREAM_RETRY_DELAY_MS: "1",
    UPSTREAM_RETRIES: "2",
    PADRON_TIMEOUT_MS: "2000",
    CERTIFICATE_SEARCH_TIMEOUT_MS: "2000",
    CERTIFICATE_FILES_TIMEOUT_MS: "2000",
    RENAPO_TIMEOUT_MS: "2000",
    COMMERCE_REGISTRY_TIMEOUT_MS: "2000",
    ...overrides,
  });
}

/** Test-mode upstreams pointed at a loopback source server. */
export function sandboxUpstreams(
  sandboxUrl: string,
  overrides: Record<string, string> = {},
  now?: () => number,
): { registry: UpstreamRegistry; upstreams: Upstreams } {
  const registry = createUpstreams({ config: upstreamConfig(overrides), sandboxUrl, now });
  return { registry, upstreams: registry.forMode("test") };
}

/** Live-mode upstreams whose connector URLs all point at a loopback source server. */
export function liveUpstreams(
  serverUrl: string,
  overrides: Record<string, string> = {},
): { registry: UpstreamRegistry; upstreams: Upstreams } {
  const config = upstreamConfig({
    PADRON_VALIDATION_URL: `${serverUrl}/padron/validate`,
    CERTIFICATE_SEARCH_URL: `${serverUrl}/certificates`,
    CERTIFICATE_FILES_URL: `${serverUrl}/rccf/`,
    RENAPO_URL: `${serverUrl}/renapo/curp`,
    COMMERCE_REGISTRY_URL: `${serverUrl}/registry/search`,
    ...overrides,
  });
  const registry = createUpstreams({ config, sandboxUrl: null });
  return { registry, upstreams: registry.forMode("live") };
}
