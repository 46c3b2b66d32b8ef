import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../platform/db/connect.ts";
import type { Log } from "../platform/log.ts";
import { createPostalCodeCatalog } from "../postal-codes/postal-code-catalog.ts";
import { withCertificateListFallback } from "../registration/certificate-list-search.ts";
import { listModeOf } from "../registration/data-source.ts";
import { createServices } from "../services.ts";
import { createUpstreams, type UpstreamRegistry } from "../upstreams/create-upstreams.ts";
import type { UpstreamMode, Upstreams } from "../upstreams/upstreams.ts";
import { registerRfcOperations } from "./register-rfc-operations.ts";

/**
 * The sources the /v1/rfc verbs read, built the same way by an API process and by a worker (which runs
 * the same verbs for asynchronous requests): upstream clients per mode, postal codes, stored lists; and
 * the process's services, with every operation answered by webhook registered in them.
 */
export function createRfcSources(input: {
  config: Config;
  database: DatabaseHandle;
  sandboxUrl: string | null;
  upstreams?: UpstreamRegistry;
  log?: Log;
}) {
  const { config, database, sandboxUrl, log } = input;
  const upstreams = withLocalLists(input.upstreams ?? createUpstreams({ config, sandboxUrl, log }), database);
  const sources = {
    config,
    database,
    services: createServices(database),
    upstreams,
    postalCodes: createPostalCodeCatalog(database.db, {
      sandboxSource: sandboxUrl ? upstreams.forMode("test").postalCatalog : null,
      minCodeRatio: config.upstreams.postalCatalog.minCodeRatio,
    }),
  };
  registerRfcOperations(sources);
  return sources;
}

/** Where no certificate-search connector is configured, the local certificate list answers (LCO). */
function withLocalLists(registry: UpstreamRegistry, database: DatabaseHandle): UpstreamRegistry {
  const wrapped = new Map<UpstreamMode, Upstreams>();
  return {
    forMode(mode) {
      let upstreams = wrapped.get(mode);
      if (!upstreams) {
        const base = registry.forMode(mode);
        upstreams = {
          ...base,
          certificateSearch: withCertificateListFallback(
            base.certificateSearch,
            database.db,
            listModeOf(mode),
          ),
        };
        wrapped.set(mode, upstreams);
      }
      return upstreams;
    },
    close: () => registry.close(),
  };
}
