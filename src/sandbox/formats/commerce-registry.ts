// The JSON the registry connector answers is the contract the service's client reads: one set of types.
import {
  type RegistryRecord,
  reduceUnsupported,
  type SupportedRegistryRecord,
} from "../../upstreams/commerce-registry/port.ts";

/**
 * Commerce-registry connector contract (DESIGN §4): spec §2.8's snake_case names, so the service passes
 * records through; one record per folio (FME, `N-YYYYNNNNNN`), an unsupported one reduced (port.ts).
 * Date-times are Mexico City local time without offset (`YYYY-MM-DDTHH:mm:ss`), as the registry keeps them.
 */
export type RegistryFolio = Omit<SupportedRegistryRecord, "supported"> & { supported: boolean };

const buildRegistryRecord = (folio: RegistryFolio): RegistryRecord =>
  folio.supported ? { ...folio, supported: true } : reduceUnsupported(folio);

/** The answer to a search by name: every matching folio, in the order given. */
export function buildRegistrySearchAnswer(query: string, folios: readonly RegistryFolio[]) {
  return { query, records: folios.map(buildRegistryRecord) };
}
