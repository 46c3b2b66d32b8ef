import type { FastifyInstance } from "fastify";
import { listMemberships } from "../accounts/list-memberships.ts";
import { priceList } from "../credits/prices.ts";
import { renderPage } from "./layout.ts";
import { type DashboardDeps, sendHtml } from "./page-route.ts";
import { copy, pricesPage } from "./prices-views.ts";
import { personalWorkspace } from "./workspace.ts";

/** `/prices`: what each operation costs, from the configuration; open to anyone. */
export function pricesRoutes(app: FastifyInstance, deps: DashboardDeps): void {
  app.get("/prices", { schema: { hide: true } }, async (request, reply) => {
    const session = request.dashboardSession;
    const body = pricesPage({
      prices: priceList(deps.config),
      signupCredits: deps.config.accounts.signupCredits,
    });
    const frame = session
      ? {
          session,
          memberships: await listMemberships(deps.db, session.userId),
          workspace: personalWorkspace(session),
        }
      : {};
    return sendHtml(reply, renderPage({ title: copy.title, ...frame, section: "prices" }, body));
  });
}
