import type { FastifyInstance } from "fastify";
import { recentApiRequests } from "../request-log/record-api-requests.ts";
import { renderPage } from "./layout.ts";
import { type DashboardDeps, pageRoute, sendHtml } from "./page-route.ts";
import { copy, requestsPage } from "./requests-views.ts";

/** `/requests` and `/org/<slug>/requests`: the owner's request log (never the key itself). */
export function requestsRoutes(app: FastifyInstance, deps: DashboardDeps): void {
  pageRoute(app, deps, { method: "GET", path: "/requests" }, async (_request, reply, page) => {
    const requests = await recentApiRequests(deps.db, page.workspace.ownerId, 100);
    const body = requestsPage({ workspace: page.workspace, requests });
    return sendHtml(reply, renderPage({ title: copy.title, ...page, section: "requests" }, body));
  });
}
