import { createHash } from "node:crypto";
import { certificateSpecFor } from "./certificate-spec-for.ts";
import type { CertificateSpec } from "./formats/issue-certificate.ts";
import { writeListFile } from "./formats/list-files.ts";
import { writeSepomexCatalog } from "./formats/sepomex.ts";
import { buildListRows } from "./population/build-list-rows.ts";
import type { Population } from "./population/types.ts";

export type StaticFile = { bytes: Buffer; etag: string; lastModified: Date };

const DAY = 86_400_000;
const MAX_CACHED_CERTIFICATES = 10_000;

/** Server-side dates of the published files, before the population's reference day (research §1.2 cadence). */
function publicationDates(population: Population, article: string) {
  const asOf = population.asOf.getTime();
  if (article === "69")
    return { contentDate: new Date(asOf - 3 * DAY), lastModified: new Date(asOf - 3 * DAY + 61_200_000) };
  return { contentDate: new Date(asOf - 31 * DAY), lastModified: new Date(asOf - 14 * DAY + 82_773_000) };
}

function staticFile(bytes: Buffer, lastModified: Date): StaticFile {
  return { bytes, etag: `"${createHash("sha1").update(bytes).digest("hex")}"`, lastModified };
}

/**
 * The bytes the sandbox serves, built on first request and kept (same population → same bytes).
 * `source.population` is read on each request (a sandbox that starts at once gets it a little later).
 */
export function createSandboxFiles(source: { population: Population }) {
  const lists = new Map<string, StaticFile>();
  let catalog: StaticFile | undefined;
  const certificates = new Map<string, Promise<Uint8Array>>();
  // The CA and @peculiar/x509 (~220 modules) are loaded by prepare() or the first .cer, not at import.
  let issuer: Promise<(spec: CertificateSpec) => Promise<Uint8Array>> | undefined;
  const loadIssuer = async () => {
    const [{ createSandboxCa }, { issueSatCertificate }] = await Promise.all([
      import("./formats/certificate-authority.ts"),
      import("./formats/issue-certificate.ts"),
    ]);
    const authority = await createSandboxCa();
    return (spec: CertificateSpec) => issueSatCertificate(authority, spec);
  };
  return {
    /** Loads the certificate authority (and @peculiar/x509) now rather than on the first `.cer`. */
    async prepare() {
      issuer ??= loadIssuer();
      await issuer;
    },
    listFile(file: string, article: string) {
      if (!lists.has(file)) {
        const { population } = source;
        const { contentDate, lastModified } = publicationDates(population, article);
        const bytes = writeListFile(file, buildListRows(population, file), { contentDate });
        lists.set(file, staticFile(bytes, lastModified));
      }
      return lists.get(file)!;
    },
    postalCatalog() {
      const { population } = source;
      catalog ??= staticFile(
        writeSepomexCatalog(population.postalCatalog.rows),
        new Date(population.asOf.getTime() - 20 * DAY),
      );
      return catalog;
    },
    /** DER, or null when the serial is unknown or its file is "missing" from the store. */
    async certificate(serial: string) {
      const found = source.population.bySerial.get(serial);
      if (!found || found.certificate.fileMissing) return null;
      let der = certificates.get(serial);
      if (!der) {
        if (certificates.size >= MAX_CACHED_CERTIFICATES)
          certificates.delete(certificates.keys().next().value as string);
        issuer ??= loadIssuer();
        der = issuer.then((issue) => issue(certificateSpecFor(found.taxpayer, found.certificate)));
        certificates.set(serial, der);
      }
      return der;
    },
  };
}

export type SandboxFiles = ReturnType<typeof createSandboxFiles>;
