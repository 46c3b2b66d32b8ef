import type { LookupResult } from "../result.ts";

export type CertificateFilesPort = {
  /** The DER bytes of the `.cer` SAT publishes for a 20-digit serial; not_found on 404. Cached. */
  download(serial: string, signal?: AbortSignal): Promise<LookupResult<Buffer>>;
};
