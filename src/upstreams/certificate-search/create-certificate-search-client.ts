import { type CachedSource, cachedAnswer } from "../answer-cache.ts";
import { readJson } from "../read-json.ts";
import { ok, type UpstreamResult, unavailable } from "../result.ts";
import { UpstreamFailure } from "../upstream-failure.ts";
import { parseCertificateSearch } from "./parse-certificate-search.ts";
import type { CertificateListing, CertificateSearchPort } from "./port.ts";

/** GET `{url}?rfc=RFC` → JSON list. */
export function createCertificateSearchClient(
  connection: CachedSource<UpstreamResult<CertificateListing[]>> | null,
): CertificateSearchPort {
  return {
    async searchByRfc(rfc, signal) {
      if (!connection) return unavailable("not_configured");
      const { url, caller, cache } = connection;
      const target = new URL(url);
      target.searchParams.set("rfc", rfc);
      return cachedAnswer(cache, rfc, signal, (shared) =>
        caller.call(shared, async (send) => {
          const answer = await send({ url: target.href, headers: { accept: "application/json" } });
          if (answer.statusCode === 404) throw new UpstreamFailure("http_error", "HTTP 404", false);
          return ok(parseCertificateSearch(readJson(answer.body)));
        }),
      );
    },
  };
}
