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
