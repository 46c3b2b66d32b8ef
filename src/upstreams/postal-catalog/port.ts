import type { UpstreamResult } from "../result.ts";

/** One settlement row of SEPOMEX's CPdescarga.txt (research §7); a postal code has many. */
export type PostalSettlement = {
  zip: string;
  settlement: string;
  settlementType: string;
  municipality: string;
  state: string;
  city: string;
  /** INEGI 2-digit state code and 3-digit municipality code. */
  stateCode: string;
  municipalityCode: string;
  zone: string;
};

export type PostalCatalogPort = {
  /** Downloads and parses the whole catalog (the sandbox serves it; live operators import the file). */
  download(signal?: AbortSignal): Promise<UpstreamResult<PostalSettlement[]>>;
};
