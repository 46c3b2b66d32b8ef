import type { SatCertificate } from "../../certificates/parse-certificate.ts";
import type { LookupResult } from "../result.ts";

export type CertificateFilesPort = {
  /**
   * The `.cer` SAT publishes for a 20-digit serial, read (its DER bytes in `der`); not_found on 404.
   * Cached: a published certificate never changes.
   */
  download(serial: string, signal?: AbortSignal): Promise<LookupResult<SatCertificate>>;
};
