import { certificateFileUrl } from "../../upstreams/certificate-files/certificate-file-url.ts";
import type { CertificateListing as SearchListing } from "../../upstreams/certificate-search/port.ts";

/**
 * Where SAT's public store keeps a certificate (research §2.1) and the certificate-search answer
 * (DESIGN §4: a JSON list of `{ serial, type, status, valid_from, valid_to }` for an RFC).
 */
export type CertificateListing = Omit<SearchListing, "validFromUtc" | "validToUtc"> & {
  validFrom: Date;
  validTo: Date;
};

/** `rccf/000010/000004/06/25/80/00001000000406258094.cer` for serial 00001000000406258094. */
export const certificateFilePath = (serial: string): string => certificateFileUrl("rccf/", serial);

// ISO 8601 UTC to the second, as SAT lists validity: "2023-05-18T11:43:51Z".
const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

/** Newest first, as SAT's recovery portal lists them. */
export function buildCertificateSearchAnswer(listings: readonly CertificateListing[]) {
  return [...listings]
    .sort((a, b) => b.validFrom.getTime() - a.validFrom.getTime() || b.serial.localeCompare(a.serial))
    .map((listing) => ({
      serial: listing.serial,
      type: listing.type,
      status: listing.status,
      valid_from: isoSeconds(listing.validFrom),
      valid_to: isoSeconds(listing.validTo),
    }));
}
