// The JSON the registry connector answers is the contract the service's client reads: one set of types.
import type {
  RegistryAct,
  RegistryRecord as RegistryRecordJson,
  RegistryShareholder,
} from "../../upstreams/commerce-registry/port.ts";

/**
 * Commerce-registry connector contract (DESIGN §4): spec §2.8's snake_case names, so the service passes
 * records through; one record per folio (FME, `N-YYYYNNNNNN`), an unsupported one reduced (port.ts).
 * Date-times are Mexico City local time without offset (`YYYY-MM-DDTHH:mm:ss`), as the registry keeps them.
 */
export type RegistryFolio = {
  fme: string;
  name: string;
  registryOffice: string;
  supported: boolean;
  personType: string;
  status: string;
  registeredAt: string;
  priorRegistration: string | null;
  legalRegime: string;
  duration: string;
  corporatePurpose: string;
  businessLine: string | null;
  nationality: string;
  domicile: string;
  municipality: string;
  state: string;
  rfc: string | null;
  curp: string | null;
  /** Shareholders and acts as the connector answers them. */
  shareholders: RegistryShareholder[];
  acts: RegistryAct[];
};

export type RegistrySearchAnswer = { query: string; records: RegistryRecordJson[] };

export function buildRegistryRecord(folio: RegistryFolio): RegistryRecordJson {
  const { fme, name, registryOffice: registry_office } = folio;
  if (!folio.supported)
    return { fme, name, supported: false, status: null, registry_office, shareholders: [], acts: [] };
  return {
    fme,
    name,
    supported: true,
    person_type: folio.personType,
    status: folio.status,
    registry_office,
    registered_at: folio.registeredAt,
    prior_registration: folio.priorRegistration,
    legal_regime: folio.legalRegime,
    duration: folio.duration,
    corporate_purpose: folio.corporatePurpose,
    business_line: folio.businessLine,
    nationality: folio.nationality,
    domicile: folio.domicile,
    municipality: folio.municipality,
    state: folio.state,
    rfc: folio.rfc,
    curp: folio.curp,
    shareholders: folio.shareholders,
    acts: folio.acts,
  };
}

/** The answer to a search by name: every matching folio, in the order given. */
export function buildRegistrySearchAnswer(
  query: string,
  folios: readonly RegistryFolio[],
): RegistrySearchAnswer {
  return { query, records: folios.map(buildRegistryRecord) };
}
