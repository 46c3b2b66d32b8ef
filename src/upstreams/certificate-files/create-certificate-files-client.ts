import { parseCertificate, type SatCertificate } from "../../certificates/parse-certificate.ts";
import { type CachedSource, cachedAnswer } from "../answer-cache.ts";
import { type LookupResult, notFound, ok, unavailable } from "../result.ts";
import { malformed } from "../upstream-failure.ts";
import { certificateFileUrl } from "./certificate-file-url.ts";
import type { CertificateFilesPort } from "./port.ts";

/** The public `.cer` store: DER on 200, 404 = SAT does not serve it (often pre-2010 serials). */
export function createCertificateFilesClient(
  connection: CachedSource<LookupResult<SatCertificate>> | null,
): CertificateFilesPort {
  return {
    async download(serial, signal) {
      if (!/^\d{20}$/.test(serial))
        throw new RangeError(`serial must be 20 digits, got ${JSON.stringify(serial)}`);
      if (!connection) return unavailable("not_configured");
      const { url, caller, cache } = connection;
      return cachedAnswer(cache, serial, signal, (shared) =>
        caller.call(shared, async (send) => {
          const answer = await send({ url: certificateFileUrl(url, serial) });
          if (answer.statusCode === 404) return notFound();
          return ok(readCertificate(answer.body, serial));
        }),
      );
    },
  };
}

/** A 200 that is not an X.509 certificate (an HTML error page, a cut file) is not a certificate. */
function readCertificate(body: Buffer, serial: string): SatCertificate {
  try {
    if (body[0] !== 0x30) throw new Error("not DER");
    return parseCertificate(new Uint8Array(body.buffer, body.byteOffset, body.length));
  } catch {
    throw malformed(`the file for ${serial} is not a certificate`);
  }
}
