import iconv from "iconv-lite";
import type { Log } from "../../platform/log.ts";
import { type CachedSource, cachedAnswer } from "../answer-cache.ts";
import { answerEncoding } from "../padron/padron-exchange.ts";
import { ok, type UpstreamResult, unavailable } from "../result.ts";
import { UpstreamFailure } from "../upstream-failure.ts";
import { CsfLayoutError, parseCsfPage } from "./parse-csf-page.ts";
import type { CsfCheck, SatCsfPort } from "./port.ts";

// A page SAT changed is logged with its HTML, up to this much and once a minute: enough to fix the reader.
const KEPT_PAGE_CHARS = 64 * 1024;
const PAGE_LOG_INTERVAL_MS = 60_000;

/** GET `{url}?D1=10&D2=1&D3={idCIF}_{RFC}`, the address in the CSF's QR code (research §2.6). */
export function createSatCsfClient(
  connection: (CachedSource<UpstreamResult<CsfCheck>> & { now: () => number; log: Log }) | null,
): SatCsfPort {
  let pageLoggedAt = Number.NEGATIVE_INFINITY;
  const keepPage = (rfc: string, idCif: string, reason: string, html: string) => {
    const now = connection?.now() ?? Date.now();
    const withPage = now - pageLoggedAt >= PAGE_LOG_INTERVAL_MS;
    if (withPage) pageLoggedAt = now;
    connection?.log("warn", "SAT's CSF page was not recognised", {
      upstream: "sat-csf",
      rfc,
      id_cif: idCif,
      reason,
      page_chars: html.length,
      ...(withPage ? { page: html.slice(0, KEPT_PAGE_CHARS) } : {}),
    });
  };
  return {
    async lookup(rfc, idCif, signal) {
      if (!connection) return unavailable("not_configured");
      const { url, caller, cache, now } = connection;
      const target = `${url}${url.includes("?") ? "&" : "?"}D1=10&D2=1&D3=${encodeURIComponent(`${idCif}_${rfc}`)}`;
      return cachedAnswer(cache, `${rfc}|${idCif}`, signal, (shared) =>
        caller.call(shared, async (send) => {
          const answer = await send({ url: target, headers: { accept: "text/html" } });
          if (answer.statusCode === 404) throw new UpstreamFailure("http_error", "HTTP 404", false);
          const html = decode(answer.body, answer.headers["content-type"]);
          try {
            return ok({ record: parseCsfPage(html, rfc), checkedAt: new Date(now()).toISOString() });
          } catch (error) {
            if (!(error instanceof CsfLayoutError)) throw error;
            keepPage(rfc, idCif, error.message, html);
            throw new UpstreamFailure("malformed", `CSF page not recognised: ${error.message}`, false);
          }
        }),
      );
    },
  };
}

/** SAT's page declares UTF-8; a latin-1 answer (a proxy, an older server) is read as such. */
function decode(body: Buffer, contentType: string | string[] | undefined): string {
  return answerEncoding(contentType) === "win1252" ? iconv.decode(body, "win1252") : body.toString("utf8");
}
