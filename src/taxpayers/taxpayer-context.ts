import type { KeyMode } from "../api-keys/key-format.ts";
import type { ListEntry } from "../contributor-lists/list-entry.ts";
import type { Db } from "../platform/db/connect.ts";
import type { RequestContext } from "../platform/http/context.ts";
import type { PostalCodeCatalog } from "../postal-codes/postal-code-catalog.ts";
import type { Upstreams } from "../upstreams/upstreams.ts";

/** Local contributor-list lookup (src/contributor-lists); an empty list when the RFC is in none. */
export type SatListsLookup = (db: Db, mode: KeyMode, rfc: string) => Promise<ListEntry[]>;

/** What the /v1/rfc verbs need beyond the request context: the sources for the key's mode. */
export type TaxpayerContext = RequestContext & {
  upstreams: Upstreams;
  postalCodes: PostalCodeCatalog;
  lookupSatLists: SatListsLookup;
};

/** What every verb answers: an HTTP-like status and the body, the same for a route and a job. */
export type VerbResult<B> = { status: number; body: B };

/** `prepaid`: the request was charged when it was accepted (async), so the verb does not charge. */
export type VerbOptions = { prepaid?: boolean };
