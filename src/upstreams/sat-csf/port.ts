import type { UpstreamResult } from "../result.ts";

/** One "Régimen:" + "Fecha de alta:" pair of the page; `code` is null for a text the catalogue lacks. */
export type CsfRegime = { code: string | null; name: string; text: string; since: string };

/**
 * What SAT's CSF page (research §2.6) shows for a valid RFC + idCIF pair, field by field as labelled;
 * "" where the page leaves a value empty; dates as YYYY-MM-DD.
 */
export type CsfRecord = {
  rfc: string;
  personType: "M" | "F";
  /** Company: "Denominación o Razón Social"; person: the three name fields joined. */
  name: string;
  capitalRegime: string;
  incorporatedOn: string;
  curp: string;
  firstNames: string;
  paternalSurname: string;
  maternalSurname: string;
  birthDate: string;
  operationsStart: string;
  status: string;
  statusSince: string;
  state: string;
  municipality: string;
  colony: string;
  streetType: string;
  street: string;
  exteriorNumber: string;
  interiorNumber: string;
  zip: string;
  email: string;
  satOffice: string;
  regimes: CsfRegime[];
};

/** A page read: `record` null when SAT says the pair is not valid; `checkedAt` when SAT answered. */
export type CsfCheck = { record: CsfRecord | null; checkedAt: string };

export type SatCsfPort = {
  /** SAT's CSF page for the pair; unavailable when SAT cannot be reached or its page is not recognised. Cached. */
  lookup(rfc: string, idCif: string, signal?: AbortSignal): Promise<UpstreamResult<CsfCheck>>;
};
