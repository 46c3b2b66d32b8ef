import type { CertificateFilesPort } from "./certificate-files/port.ts";
import type { CertificateSearchPort } from "./certificate-search/port.ts";
import type { CommerceRegistryPort } from "./commerce-registry/port.ts";
import type { PadronPort } from "./padron/port.ts";
import type { PostalCatalogPort } from "./postal-catalog/port.ts";
import type { RenapoPort } from "./renapo/port.ts";
import type { SatCsfPort } from "./sat-csf/port.ts";

export type UpstreamMode = "live" | "test";

/** Every government source for one mode; a request context carries the set for its key's mode. */
export type Upstreams = {
  padron: PadronPort;
  certificateSearch: CertificateSearchPort;
  certificateFiles: CertificateFilesPort;
  renapo: RenapoPort;
  commerceRegistry: CommerceRegistryPort;
  postalCatalog: PostalCatalogPort;
  satCsf: SatCsfPort;
};
