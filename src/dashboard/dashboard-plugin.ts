import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsync } from "fastify";
import { sharedStore } from "../rate-limits/shared-store.ts";
import { authRoutes } from "./auth-routes.ts";
import { creditsRoutes } from "./credits-routes.ts";
import { dataSourcesRoutes } from "./data-sources-routes.ts";
import { installErrorPages } from "./error-pages.ts";
import { guardRequests } from "./guard-requests.ts";
import { keysRoutes } from "./keys-routes.ts";
import { orgsRoutes } from "./orgs-routes.ts";
import type { DashboardDeps } from "./page-route.ts";
import { pricesRoutes } from "./prices-routes.ts";
import { requestsRoutes } from "./requests-routes.ts";
import { securityHeaders } from "./security-headers.ts";
import { serveAssets } from "./serve-assets.ts";
import { webhooksRoutes } from "./webhooks-routes.ts";

/**
 * The server-rendered dashboard, in a scope of its own (outside /v1): form bodies, cookies, sessions,
 * CSRF checks and HTML error pages apply to its routes only.
 */
export function dashboardPlugin(deps: DashboardDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(cookie);
    await app.register(formbody, { bodyLimit: 64 * 1024 });
    // Counted in Redis when it is set, in this process while Redis cannot be asked: never unlimited.
    await app.register(rateLimit, {
      global: false,
      store: sharedStore(deps.redis, "login", "padron-login:"),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many attempts; retry in ${Math.ceil(context.ttl / 1000)} s.`,
      }),
    });
    installErrorPages(app);
    securityHeaders(app);
    guardRequests(app, deps.db);
    serveAssets(app);
    authRoutes(app, deps);
    keysRoutes(app, deps);
    orgsRoutes(app, deps);
    creditsRoutes(app, deps);
    requestsRoutes(app, deps);
    pricesRoutes(app, deps);
    webhooksRoutes(app, deps);
    dataSourcesRoutes(app, deps);
  };
}
