import type { LookupResult } from "../result.ts";

/** A CURP record as gob.mx answers it (research §5.1), in our field names. */
export type RenapoRecord = {
  curp: string;
  names: string;
  firstSurname: string;
  secondSurname: string;
  /** `HOMBRE` / `MUJER`. */
  sex: string;
  /** `dd/mm/yyyy`, as RENAPO writes it. */
  birthDate: string;
  /** CURP entity code (`OC`) and its name (`OAXACA`). */
  entityCode: string;
  entityName: string;
  /** statusCurp: AN, AH, RCN, RCC, CRA, or a B… (baja) code. */
  statusCurp: string;
  nationality: string;
  /** docProbatorio as text (`"1"` = birth certificate). */
  probationDocument: string;
  /** datosDocProbatorio as received; may be `{}`. */
  probationDocumentData: Record<string, unknown>;
};

export type RenapoPort = {
  /** not_found unless RENAPO answers `codigo` "01" with the record. Cached. */
  lookupCurp(curp: string, signal?: AbortSignal): Promise<LookupResult<RenapoRecord>>;
};
