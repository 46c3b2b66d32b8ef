import type { FastifyInstance } from "fastify";
import { describeDataSources } from "../data-sources/describe-data-sources.ts";
import { copy, dataSourcesPage } from "./data-sources-views.ts";
import { renderPage } from "./layout.ts";
import { type DashboardDeps, pageRoute, sendHtml } from "./page-route.ts";

/** `/data-sources`: the local copies of SAT's lists and the postal codes that answers come from. */
export function dataSourcesRoutes(app: FastifyInstance, deps: DashboardDeps): void {
  pageRoute(app, deps, { method: "GET", path: "/data-sources" }, async (_request, reply, page) => {
    const body = dataSourcesPage({ workspace: page.workspace, sources: await describeDataSources(deps.db) });
    return sendHtml(reply, renderPage({ title: copy.title, ...page, section: "data-sources" }, body));
  });
}
