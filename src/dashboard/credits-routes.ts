import type { FastifyInstance, FastifyReply } from "fastify";
import { fundOrganization } from "../credits/fund-organization.ts";
import { readBalance } from "../credits/read-balance.ts";
import { isServiceError } from "../platform/errors.ts";
import { copy, creditsPage } from "./credits-views.ts";
import { sendForbidden } from "./error-pages.ts";
import { renderPage } from "./layout.ts";
import { type DashboardDeps, field, type PageContext, pageRoute, sendHtml } from "./page-route.ts";
import { readStanding } from "./read-standing.ts";
import { readUsage } from "./read-usage.ts";

/** `/credits` and `/org/<slug>/credits`: billing, so owners and admins only. */
export function creditsRoutes(app: FastifyInstance, deps: DashboardDeps): void {
  const { db } = deps;
  const showCredits = async (reply: FastifyReply, page: PageContext, fundError?: string, status = 200) => {
    const { workspace, session } = page;
    const [standing, usage, personal] = await Promise.all([
      readStanding(db, workspace.ownerId, deps.config),
      readUsage(db, workspace.ownerId),
      workspace.kind === "org" && workspace.role === "owner" ? readBalance(db, session.userId) : null,
    ]);
    const fund = personal ? { personal, csrfToken: session.csrfToken, error: fundError } : undefined;
    const body = creditsPage({ workspace, standing, usage, fund });
    return sendHtml(reply, renderPage({ title: copy.title, ...page, section: "credits" }, body), status);
  };

  pageRoute(app, deps, { method: "GET", path: "/credits", manage: true }, (_request, reply, page) =>
    showCredits(reply, page),
  );

  // Only the organization's owners may spend their own balance on it (admins manage, but do not fund).
  const transfer = { method: "POST", path: "/credits/transfer", manage: true, where: "org" } as const;
  pageRoute(app, deps, transfer, async (request, reply, page) => {
    if (page.workspace.role !== "owner") return sendForbidden(request, reply);
    const raw = field(request, "credits").trim();
    const credits = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
    try {
      await db
        .transaction()
        .execute((trx) =>
          fundOrganization(trx, { userId: page.session.userId, orgId: page.workspace.ownerId, credits }),
        );
      return reply.redirect(`${page.workspace.basePath}/credits`, 303);
    } catch (error) {
      if (!isServiceError(error)) throw error;
      if (error.code === "invalid_request") return showCredits(reply, page, copy.fundInvalid, 422);
      if (error.code !== "insufficient_balance") throw error;
      const { credits: left } = await readBalance(db, page.session.userId);
      return showCredits(reply, page, copy.fundTooMany(left), 422);
    }
  });
}
