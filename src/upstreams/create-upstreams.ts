import type { Config } from "../config.ts";
import { type Log, logThrough, processLogger } from "../platform/log.ts";
import { createAnswerCache } from "./answer-cache.ts";
import { createCertificateFilesClient } from "./certificate-files/create-certificate-files-client.ts";
import { createCertificateSearchClient } from "./certificate-search/create-certificate-search-client.ts";
import { createCommerceRegistryClient } from "./commerce-registry/create-commerce-registry-client.ts";
import { createPadronClient } from "./padron/create-padron-client.ts";
import { createPostalCatalogClient } from "./postal-catalog/create-postal-catalog-client.ts";
import { createRenapoClient } from "./renapo/create-renapo-client.ts";
import { createSatCsfClient } from "./sat-csf/create-sat-csf-client.ts";
import { type CallerSettings, createUpstreamCaller, type UpstreamCaller } from "./upstream-caller.ts";
import type { UpstreamMode, Upstreams } from "./upstreams.ts";

type UpstreamsConfig = Pick<Config, "upstreams">;

type UpstreamsOptions = {
  config: UpstreamsConfig;
  /** Root of the sandbox (`http://127.0.0.1:8081`, no trailing slash); null: test mode is unavailable. */
  sandboxUrl: string | null;
  /** Clock of the answer caches (epoch ms). */
  now?: () => number;
  /** Where a client reports what an operator must see (an unrecognised CSF page); stderr when omitted. */
  log?: Log;
};

export type UpstreamRegistry = {
  forMode(mode: UpstreamMode): Upstreams;
  /** Closes every connection pool. */
  close(): Promise<void>;
};

/** The CSF page's path at SAT; the sandbox serves it at the same path under its root. */
const SAT_CSF_PATH = "/app/qr/faces/pages/mobile/validadorqr.jsf";

type Endpoints = Record<keyof Upstreams, string>;
type Limits = Pick<CallerSettings, "timeoutMs" | "concurrency">;
type Settings = Partial<CallerSettings> & Limits;

function sandboxEndpoints(root: string | null): Endpoints {
  const at = (path: string) => (root ? `${root.replace(/\/+$/, "")}${path}` : "");
  return {
    padron: at("/padron/validate"),
    certificateSearch: at("/certificates"),
    certificateFiles: at("/rccf/"),
    renapo: at("/renapo/curp"),
    commerceRegistry: at("/registry/search"),
    postalCatalog: at("/sepomex/CPdescarga.txt"),
    satCsf: at(SAT_CSF_PATH),
  };
}

function liveEndpoints({ upstreams }: UpstreamsConfig): Endpoints {
  return {
    padron: upstreams.padron.url,
    certificateSearch: upstreams.certificateSearch.url,
    certificateFiles: upstreams.certificateFiles.url,
    renapo: upstreams.renapo.url,
    commerceRegistry: upstreams.commerceRegistry.url,
    // SEPOMEX's export is a captcha-free but stateful ASP.NET form: live operators import the file.
    postalCatalog: "",
    satCsf: upstreams.satCsf.url,
  };
}

/** Each mode gets its own pools, bulkheads and caches; breakers guard live sources only (see below). */
export function createUpstreams(options: UpstreamsOptions): UpstreamRegistry {
  const modes = new Map<UpstreamMode, { upstreams: Upstreams; callers: UpstreamCaller[] }>();
  const clock = { now: options.now ?? Date.now, log: options.log ?? logThrough(processLogger("info")) };
  return {
    forMode(mode) {
      let entry = modes.get(mode);
      if (!entry) {
        const endpoints =
          mode === "test" ? sandboxEndpoints(options.sandboxUrl) : liveEndpoints(options.config);
        entry = buildUpstreams(options.config, endpoints, mode === "test", clock);
        modes.set(mode, entry);
      }
      return entry.upstreams;
    },
    async close() {
      const callers = [...modes.values()].flatMap((entry) => entry.callers);
      modes.clear();
      await Promise.all(callers.map((caller) => caller.close()));
    },
  };
}

function buildUpstreams(
  { upstreams: configured }: UpstreamsConfig,
  endpoints: Endpoints,
  sandbox: boolean,
  { now, log }: { now: () => number; log: Log },
) {
  const callers: UpstreamCaller[] = [];
  const shared = {
    retries: configured.retries,
    retryDelayMs: configured.retryDelayMs,
    // Sandbox failures are on purpose (magic identifiers): one customer's failure scenario must not
    // open a breaker shared with every other sandbox key.
    breakerFailures: sandbox ? 0 : configured.breakerFailures,
    breakerCooldownMs: configured.breakerCooldownMs,
    queueLimit: configured.queueLimit,
    // Every source is a read. The padrón POST only asks questions: resending it changes nothing at SAT.
    idempotent: true,
    maxBodyBytes: 16 * 1024 * 1024,
  };
  const callerFor = (settings: Settings) => {
    const caller = createUpstreamCaller({ ...shared, ...settings });
    callers.push(caller);
    return caller;
  };
  const connect = <E extends object>(url: string, settings: Settings, extra: E) =>
    url === "" ? null : { url, caller: callerFor(settings), ...extra };
  const limits = ({ timeoutMs, concurrency }: Limits): Limits => ({ timeoutMs, concurrency });
  const cache = <V>(ttlSeconds: number) =>
    createAnswerCache<V>({ ttlMs: ttlSeconds * 1000, maxEntries: configured.cacheEntries, now });
  const cachedSource = <V>(url: string, source: Limits & { cacheTtlSeconds: number }) =>
    connect(url, limits(source), { cache: cache<V>(source.cacheTtlSeconds) });
  const upstreams: Upstreams = {
    // Two bulkheads: one-record checks never wait behind 5,000-record calls, which owners share.
    padron: createPadronClient(
      endpoints.padron === ""
        ? null
        : {
            url: endpoints.padron,
            interactive: callerFor(limits(configured.padron)),
            bulk: callerFor({
              timeoutMs: configured.padron.timeoutMs,
              concurrency: configured.padron.bulkConcurrency,
              perOwner: configured.padron.bulkPerOwner,
            }),
            cache: cache(configured.padron.cacheTtlSeconds),
            log,
          },
    ),
    certificateSearch: createCertificateSearchClient(
      cachedSource(endpoints.certificateSearch, configured.certificateSearch),
    ),
    certificateFiles: createCertificateFilesClient(
      cachedSource(endpoints.certificateFiles, configured.certificateFiles),
    ),
    renapo: createRenapoClient(cachedSource(endpoints.renapo, configured.renapo)),
    commerceRegistry: createCommerceRegistryClient(
      cachedSource(endpoints.commerceRegistry, configured.commerceRegistry),
    ),
    postalCatalog: createPostalCatalogClient(
      connect(
        endpoints.postalCatalog,
        { timeoutMs: configured.postalCatalog.timeoutMs, concurrency: 1, maxBodyBytes: 64 * 1024 * 1024 },
        {},
      ),
    ),
    // Its own pool: SAT's server offers only weak DH, accepted for this host alone (docs/upstreams.md).
    satCsf: createSatCsfClient(
      connect(
        endpoints.satCsf,
        {
          timeoutMs: configured.satCsf.timeoutMs,
          concurrency: configured.satCsf.concurrency,
          maxBodyBytes: 2 * 1024 * 1024,
          tls: { ciphers: "DEFAULT@SECLEVEL=1" },
        },
        { cache: cache(configured.satCsf.cacheTtlSeconds), now, log },
      ),
    ),
  };
  return { upstreams, callers };
}
