import type { FastifyInstance } from "fastify";
import { copy, creditsPage } from "./credits-views.ts";
import { renderPage } from "./layout.ts";
import { type DashboardDeps, pageRoute, sendHtml } from "./page-route.ts";
import { readStanding } from "./read-standing.ts";
import { readUsage } from "./read-usage.ts";

/** `/credits` and `/org/<slug>/credits`: billing, so owners and admins only. */
export function creditsRoutes(app: FastifyInstance, deps: DashboardDeps): void {
  pageRoute(app, deps, { method: "GET", path: "/credits", manage: true }, async (_request, reply, page) => {
    const [standing, usage] = await Promise.all([
      readStanding(deps.db, page.workspace.ownerId),
      readUsage(deps.db, page.workspace.ownerId),
    ]);
    const body = creditsPage({ workspace: page.workspace, standing, usage });
    return sendHtml(reply, renderPage({ title: copy.title, ...page, section: "credits" }, body));
  });
}
