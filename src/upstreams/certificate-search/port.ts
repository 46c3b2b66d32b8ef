import { type Static, Type } from "typebox";
import type { UpstreamResult } from "../result.ts";

export const CertificateKindSchema = Type.Enum(["FIEL", "SELLO"]);
export const CertificateStatusSchema = Type.Enum(["Activo", "Caduco", "Revocado"]);
export type CertificateKind = Static<typeof CertificateKindSchema>;
export type CertificateStatus = Static<typeof CertificateStatusSchema>;

/** One certificate SAT lists for an RFC; times are ISO 8601 UTC (`…Z`). */
export type CertificateListing = {
  serial: string;
  type: CertificateKind;
  status: CertificateStatus;
  validFromUtc: string;
  validToUtc: string;
};

export type CertificateSearchPort = {
  /** Newest first, as the source lists them; an RFC without certificates is an empty list. Cached. */
  searchByRfc(rfc: string, signal?: AbortSignal): Promise<UpstreamResult<CertificateListing[]>>;
};
