import type { Static } from "typebox";
import type { SatCertificate } from "../certificates/parse-certificate.ts";
import type { SourcedListing } from "../registration/certificate-list-search.ts";
import type { ListSource } from "../registration/data-source.ts";
import type { CertificateListing } from "../upstreams/certificate-search/port.ts";
import { ok, type UpstreamResult } from "../upstreams/result.ts";
import type { Upstreams } from "../upstreams/upstreams.ts";
import type { CertificateSchema } from "./rfc-schemas.ts";

/** Certificate element of a result (spec §2.3). */
type CertificateView = Static<typeof CertificateSchema>;

export type CertificateFindings = {
  certs: CertificateView[];
  /** What the certificates say about their holder; null where no readable certificate says it. */
  holder: ReturnType<typeof describeHolder>;
  /** Some listed `.cer` could not be had (store unreachable, not a certificate, or another RFC's); a 404 is not this. */
  filesUnavailable: boolean;
  /** The certificates were listed by the local copy of SAT's certificate list, as of that date. */
  source?: ListSource;
};

type Options = { signal?: AbortSignal; now?: number; onName?: (name: string) => void };

/**
 * Certificate search, then every .cer downloaded in parallel and parsed. `onName` fires as soon as
 * the first readable certificate gives the holder's name, so a name-dependent step can start early.
 */
export async function gatherCertificates(
  upstreams: Upstreams,
  rfc: string,
  options: Options = {},
): Promise<UpstreamResult<CertificateFindings>> {
  const search: SourcedListing = await upstreams.certificateSearch.searchByRfc(rfc, options.signal);
  if (search.status !== "ok") return search;
  let named = false;
  let filesUnavailable = false;
  const parsed = await Promise.all(
    search.value.map(async (listing) => {
      const file = await upstreams.certificateFiles.download(listing.serial, options.signal);
      // Not served, or unreadable: the file gives no subject data, but the listing still counts.
      if (file.status === "unavailable") filesUnavailable = true;
      if (file.status !== "ok") return { listing, certificate: null };
      const certificate = file.value;
      // Listed for this RFC but issued to another: its subject would be someone else's identity.
      if (certificate.rfc?.toUpperCase() !== rfc) {
        filesUnavailable = true;
        return { listing, certificate: null };
      }
      if (certificate.name && !named) {
        named = true;
        options.onName?.(certificate.name);
      }
      return { listing, certificate };
    }),
  );
  const now = options.now ?? Date.now();
  return ok({
    certs: parsed.map(({ listing, certificate }) => toView(listing, certificate, now)),
    holder: describeHolder(parsed),
    filesUnavailable,
    ...(search.listSource ? { source: search.listSource } : {}),
  });
}

function toView(
  listing: CertificateListing,
  certificate: SatCertificate | null,
  now: number,
): CertificateView {
  // The certificate's own validity is exact; a list's dates have no time zone (LCO).
  const validTo = certificate?.validToUtc ?? listing.validToUtc;
  const expired = listing.status === "Activo" && Date.parse(validTo) < now;
  return {
    serial: listing.serial,
    status: expired ? "Caduco" : listing.status,
    type: certificate?.type ?? listing.type,
    valid_from_utc: certificate?.validFromUtc ?? listing.validFromUtc,
    valid_to_utc: validTo,
    email: certificate?.email ?? null,
    legal_representative_rfc: certificate?.legalRepresentativeRfc ?? null,
    legal_representative_curp: certificate?.legalRepresentativeCurp ?? null,
    curp: certificate?.curp ?? null,
    cer_base64: certificate ? base64Of(certificate.der) : null,
  };
}

type Parsed = { listing: CertificateListing; certificate: SatCertificate | null };

// Active FIELs first: they carry the email and are the holder's own identity certificate.
const rank = ({ listing }: Parsed) =>
  (listing.type === "FIEL" ? 0 : 2) + (listing.status === "Activo" ? 0 : 1);

function describeHolder(parsed: readonly Parsed[]) {
  const readable = parsed
    .filter((entry) => entry.certificate !== null)
    .sort((a, b) => rank(a) - rank(b))
    .map((entry) => entry.certificate as SatCertificate);
  const first = <K extends keyof SatCertificate>(key: K) =>
    (readable.find((certificate) => certificate[key] !== null)?.[key] ?? null) as SatCertificate[K] | null;
  return {
    name: first("name"),
    email: first("email"),
    curp: first("curp"),
    legalRepresentativeRfc: first("legalRepresentativeRfc"),
    legalRepresentativeCurp: first("legalRepresentativeCurp"),
  };
}

const base64Of = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
