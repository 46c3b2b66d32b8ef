import type { CachedSource } from "../answer-cache.ts";
import { getCachedJson } from "../get-cached-json.ts";
import { ok, type UpstreamResult, unavailable } from "../result.ts";
import { parseCertificateSearch } from "./parse-certificate-search.ts";
import type { CertificateListing, CertificateSearchPort } from "./port.ts";

/** GET `{url}?rfc=RFC` → JSON list. */
export function createCertificateSearchClient(
  connection: CachedSource<UpstreamResult<CertificateListing[]>> | null,
): CertificateSearchPort {
  return {
    async searchByRfc(rfc, signal) {
      if (!connection) return unavailable("not_configured");
      const target = new URL(connection.url);
      target.searchParams.set("rfc", rfc);
      return getCachedJson(connection, rfc, target.href, signal, (json) => ok(parseCertificateSearch(json)));
    },
  };
}
