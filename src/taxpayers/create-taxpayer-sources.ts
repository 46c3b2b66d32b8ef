import type { Config } from "../config.ts";
import { lookupListedEntries } from "../contributor-lists/lookup-sat-lists.ts";
import type { DatabaseHandle } from "../platform/db/connect.ts";
import { createPostalCodeCatalog } from "../postal-codes/postal-code-catalog.ts";
import { createUpstreams, type UpstreamRegistry } from "../upstreams/create-upstreams.ts";
import type { TaxpayerDeps } from "./taxpayer-context-of.ts";

/**
 * The sources the /v1/rfc verbs read, built the same way by an API process and by a worker (which runs
 * the same verbs for asynchronous requests): upstream clients per mode, postal codes, stored lists.
 */
export function createTaxpayerSources(input: {
  config: Config;
  database: DatabaseHandle;
  sandboxUrl: string | null;
  upstreams?: UpstreamRegistry;
}): TaxpayerDeps {
  const { config, database, sandboxUrl } = input;
  const upstreams = input.upstreams ?? createUpstreams({ config, sandboxUrl });
  return {
    config,
    database,
    upstreams,
    postalCodes: createPostalCodeCatalog(database.db, {
      sandboxSource: sandboxUrl ? upstreams.forMode("test").postalCatalog : null,
    }),
    lookupSatLists: lookupListedEntries,
  };
}
