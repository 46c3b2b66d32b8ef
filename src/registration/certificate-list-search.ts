import type { Db } from "../platform/db/connect.ts";
import type { ListMode } from "../platform/db/schema.ts";
import type { CertificateListing, CertificateSearchPort } from "../upstreams/certificate-search/port.ts";
import { ok, type UpstreamResult } from "../upstreams/result.ts";
import type { ListSource } from "./data-source.ts";
import { asOfDay } from "./list-date.ts";
import { readRegistration } from "./read-registration.ts";

/** A search answer that came from the certificate list carries where it came from. */
export type SourcedListing = UpstreamResult<CertificateListing[]> & { listSource?: ListSource };

/**
 * The certificate search, answered from the certificate list when no connector is configured: the
 * list's CSDs (SELLO; it holds no FIEL) with their serials, statuses and validity. A configured
 * connector still answers first.
 */
export function withCertificateListFallback(
  port: CertificateSearchPort,
  db: Db,
  mode: ListMode,
): CertificateSearchPort {
  return {
    async searchByRfc(rfc, signal): Promise<SourcedListing> {
      const answer = await port.searchByRfc(rfc, signal);
      if (answer.status !== "unavailable" || answer.reason !== "not_configured") return answer;
      const { listed } = await readRegistration(db, mode, rfc);
      if (listed.listDate === null) return answer;
      const listings: CertificateListing[] = listed.certificates.map((certificate) => ({
        serial: certificate.serial,
        type: "SELLO",
        status: certificate.status,
        validFromUtc: certificate.validFromUtc,
        validToUtc: certificate.validToUtc,
      }));
      return {
        ...ok(listings),
        listSource: { source: "sat_certificate_list", data_as_of: asOfDay(listed.listDate) },
      };
    },
  };
}
