import type { UpstreamResult } from "../result.ts";

/** SAT's padrón validation: RFC alone, or RFC + name + postal code (research §4). */
export type PadronQuery = { rfc: string; name: string; zip: string };

export type PadronOutcome =
  | "valid"
  | "not_registered"
  | "invalid_structure"
  | "name_mismatch"
  | "zip_mismatch"
  /** A legend SAT has not been seen to use; `legend` carries it verbatim. */
  | "unrecognized";

export type PadronVerdict = PadronQuery & { outcome: PadronOutcome; legend: string };

export const PADRON_MAX_RECORDS = 5000;

/**
 * The records of one call, or a function that builds them when the call gets its turn: a call waiting
 * behind others then holds no records (a postal-code search's catalog is ~32,000 of them).
 */
export type PadronRecords = readonly PadronQuery[] | (() => readonly PadronQuery[]);

/** Whose bulk work a call is: each owner's calls get a fair share of the bulk slots. */
export type BulkCall = { owner?: string; signal?: AbortSignal };

export type PadronPort = {
  /** Up to 5,000 records in one upstream call, verdicts in the order given; not cached. */
  validate(records: PadronRecords, call?: BulkCall): Promise<UpstreamResult<PadronVerdict[]>>;
  /** The RFC-only check (empty name and zip); cached. */
  checkRfc(rfc: string, signal?: AbortSignal): Promise<UpstreamResult<PadronVerdict>>;
  /** One RFC + name + zip record; cached. */
  checkRecord(record: PadronQuery, signal?: AbortSignal): Promise<UpstreamResult<PadronVerdict>>;
};
