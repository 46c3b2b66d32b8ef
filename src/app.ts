import Fastify, { type FastifyInstance } from "fastify";
import type { DestinationStream } from "pino";
import { accountRoute } from "./accounts/account-route.ts";
import { createKeyUseRecorder, type KeyUseRecorder } from "./api-keys/record-key-use.ts";
import { requireApiKey } from "./api-keys/require-api-key.ts";
import { requestRoutes } from "./async-requests/request-routes.ts";
import type { Config } from "./config.ts";
import { dashboardPlugin } from "./dashboard/dashboard-plugin.ts";
import { notFoundPage } from "./dashboard/error-pages.ts";
import { registerDataSourceAges } from "./data-sources/data-source-ages.ts";
import { dataSourcesRoute } from "./data-sources/data-sources-route.ts";
import { installIdempotency } from "./idempotency/install-idempotency.ts";
import { mcpRoute } from "./mcp/mcp-route.ts";
import { createFailureReports } from "./platform/background-failures.ts";
import type { DatabaseHandle } from "./platform/db/connect.ts";
import { ServiceError } from "./platform/errors.ts";
import { apiScope, type ScopeGuard } from "./platform/http/api-scope.ts";
import { answerClientError } from "./platform/http/client-error.ts";
import { answerFrameworkError, installErrorHandler } from "./platform/http/error-handler.ts";
import { guardRequestInput } from "./platform/http/guard-request-input.ts";
import { healthRoutes } from "./platform/http/health-routes.ts";
import { parseJsonBodies } from "./platform/http/json-body-parser.ts";
import { installMetrics } from "./platform/http/metrics.ts";
import { installNotFound } from "./platform/http/not-found.ts";
import { installOpenApi } from "./platform/http/openapi.ts";
import { shedOverload } from "./platform/http/shed-overload.ts";
import { newId } from "./platform/ids.ts";
import { logThrough } from "./platform/log.ts";
import { connectSharedRedis } from "./platform/redis/shared-redis.ts";
import { limitApiRequests } from "./rate-limits/limit-api-requests.ts";
import { type ContextDeps, creditHeaders } from "./request-context.ts";
import {
  createRequestLogWriter,
  logApiRequests,
  type RequestLogWriter,
} from "./request-log/record-api-requests.ts";
import { createRfcSources } from "./rfc-operations/create-rfc-sources.ts";
import { rfcRoutes } from "./rfc-operations/rfc-routes.ts";
import type { SandboxState } from "./sandbox/sandbox-state.ts";
import type { Services } from "./services.ts";
import type { UpstreamRegistry } from "./upstreams/create-upstreams.ts";
import { webhookRoutes } from "./webhooks/webhook-routes.ts";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** The sandbox that `pdr_test_` keys talk to at `url`; also served under /sandbox (the same one). */
  sandbox?: { url: string; state: SandboxState };
  /** Where log lines go (tests capture them); stdout when omitted. */
  logStream?: DestinationStream;
  /** Government sources per mode; built from config (and closed with the app) when omitted. */
  upstreams?: UpstreamRegistry;
}

export interface PadronApp {
  app: FastifyInstance;
  keyUse: KeyUseRecorder;
  requestLog: RequestLogWriter;
  /** This app's own operation registry, batchers and caches: a worker in the same process runs with them. */
  services: Services;
  /** What an API route stands behind, in order (benchmarks and tests mount extra routes with it). */
  apiGuards: readonly ScopeGuard[];
  /** Stops taking work: new requests get 503 while those in flight finish. */
  beginShutdown(): void;
  /** Ends the synchronous requests still in flight (503, their charges refunded): the grace ran out. */
  abandonRequests(): void;
}

/** Composes the service. Never listens: `serve` does, tests use inject() or listen on port 0. */
export async function buildApp(deps: AppDeps): Promise<PadronApp> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.log.level,
      redact: ["req.headers['x-api-key']", "req.headers.authorization", "req.headers.cookie"],
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: () => newId("req"),
    trustProxy: config.server.trustProxy,
    bodyLimit: config.server.bodyLimitBytes,
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true, useDefaults: false },
    },
  });
  // Bodies are JSON only: anything else, text included, is 415 rather than a schema error.
  app.removeContentTypeParser("text/plain");
  parseJsonBodies(app);
  let closing = false;
  const log = logThrough(app.log);
  const failures = createFailureReports(log);
  const keyUse = createKeyUseRecorder(deps.database.db, failures.report);
  const requestLog = createRequestLogWriter(deps.database.db, failures.report);
  const sandboxUrl = deps.sandbox?.url ?? (config.sandbox.url || null);
  const rfcDeps = createRfcSources({
    config,
    database: deps.database,
    sandboxUrl,
    upstreams: deps.upstreams,
    log,
  });
  const { services } = rfcDeps;
  const contextDeps: ContextDeps = { config, database: deps.database, services };
  const redis = config.redis.url
    ? await connectSharedRedis(config.redis.url, log, config.redis.commandTimeoutMs)
    : null;

  app.decorateRequest("auth", null);
  app.decorateRequest("ctx", null);
  // Hooks on every request are written with `done` rather than async: a promise per hook adds up.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    if (!closing) return done();
    done(
      new ServiceError("unavailable", "The service is restarting; retry shortly.", {
        headers: { "retry-after": "5" },
      }),
    );
  });
  guardRequestInput(app);
  app.addHook("onSend", (request, reply, payload, done) => {
    creditHeaders(request, reply);
    done(null, payload);
  });
  app.addHook("onClose", async () => {
    await keyUse.stop();
    await requestLog.stop();
    redis?.close();
    if (!deps.upstreams) await rfcDeps.upstreams.close();
  });
  installErrorHandler(app);
  await shedOverload(app, {
    eventLoopDelayMs: config.server.overloadEventLoopDelayMs,
    heapUsedMb: config.server.overloadHeapUsedMb,
  });
  installNotFound(app, notFoundPage(deps.database.db));
  await installOpenApi(app);
  installMetrics(app, {
    token: config.server.metricsToken,
    register: (registry) => {
      registerDataSourceAges(registry, deps.database.db);
      redis?.registerMetrics(registry);
      registry.registerMetric(failures.metric);
    },
  });
  healthRoutes(app, deps.database, redis);

  if (deps.sandbox) {
    // Loaded only where it runs: a live-only process never holds the sandbox's code.
    const { sandboxRoutes } = await import("./sandbox/server.ts");
    await app.register(sandboxRoutes, { prefix: "/sandbox", state: deps.sandbox.state });
  }
  const apiGuards: ScopeGuard[] = [
    (scope) => requireApiKey(scope, deps.database.db, keyUse),
    (scope) => logApiRequests(scope, requestLog),
    (scope) => limitApiRequests(scope, { perMinute: config.rateLimits.perMinute, redis }),
  ];
  await app.register(
    apiScope(apiGuards, (scope) => {
      installIdempotency(scope, { db: deps.database.db, ...config.idempotency });
      accountRoute(scope, contextDeps);
      requestRoutes(scope, contextDeps);
      webhookRoutes(scope, contextDeps);
      rfcRoutes(scope, rfcDeps);
      dataSourcesRoute(scope, contextDeps);
    }),
    { prefix: "/v1" },
  );
  await app.register(dashboardPlugin({ db: deps.database.db, config, redis }));
  mcpRoute(app);

  return {
    app,
    keyUse,
    requestLog,
    services,
    apiGuards,
    beginShutdown: () => {
      closing = true;
    },
    abandonRequests: () =>
      services.abandon.abort(
        new ServiceError("unavailable", "The service is restarting; retry shortly.", {
          headers: { "retry-after": "5" },
        }),
      ),
  };
}
