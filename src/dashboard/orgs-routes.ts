import type { FastifyInstance } from "fastify";
import { addMember, type Role } from "../accounts/add-member.ts";
import { createOrganization } from "../accounts/create-organization.ts";
import { listMembers } from "../accounts/list-members.ts";
import { isServiceError } from "../platform/errors.ts";
import { sendForbidden } from "./error-pages.ts";
import { renderPage } from "./layout.ts";
import { copy, membersPage, organizationsPage } from "./orgs-views.ts";
import { type DashboardDeps, field, type PageContext, pageRoute, sendHtml } from "./page-route.ts";
import { canManage } from "./workspace.ts";

const ROLES: Role[] = ["owner", "admin", "member"];

/** Organizations: create one (its creator becomes its owner), list members, add existing users. */
export function orgsRoutes(app: FastifyInstance, deps: DashboardDeps): void {
  const { db } = deps;
  const orgsFrame = (page: PageContext) => ({ title: copy.title, ...page, section: "orgs" as const });
  const membersFrame = (page: PageContext) => ({
    title: copy.membersTitle,
    ...page,
    section: "members" as const,
  });

  pageRoute(app, deps, { method: "GET", path: "/orgs", where: "personal" }, async (_request, reply, page) => {
    const body = organizationsPage({ memberships: page.memberships, csrfToken: page.session.csrfToken });
    return sendHtml(reply, renderPage(orgsFrame(page), body));
  });

  pageRoute(app, deps, { method: "POST", path: "/orgs", where: "personal" }, async (request, reply, page) => {
    try {
      const org = await createOrganization(db, {
        name: field(request, "name"),
        ownerUserId: page.session.userId,
      });
      return reply.redirect(`/org/${org.slug}/members`, 303);
    } catch (error) {
      if (!isServiceError(error) || error.code !== "invalid_request") throw error;
      const { memberships, session } = page;
      const body = organizationsPage({ memberships, csrfToken: session.csrfToken, error: copy.nameMissing });
      return sendHtml(reply, renderPage(orgsFrame(page), body), 422);
    }
  });

  app.get("/org/:slug", { schema: { hide: true } }, async (request, reply) =>
    reply.redirect(`/org/${encodeURIComponent((request.params as { slug: string }).slug)}/members`, 303),
  );

  pageRoute(app, deps, { method: "GET", path: "/members", where: "org" }, async (_request, reply, page) => {
    const members = await listMembers(db, page.workspace.ownerId);
    const body = membersPage({ workspace: page.workspace, members, csrfToken: page.session.csrfToken });
    return sendHtml(reply, renderPage(membersFrame(page), body));
  });

  pageRoute(app, deps, { method: "POST", path: "/members", where: "org" }, async (request, reply, page) => {
    const { workspace } = page;
    if (!canManage(workspace)) return sendForbidden(request, reply);
    const email = field(request, "email").trim().toLowerCase();
    const role = ROLES.find((r) => r === field(request, "role")) ?? "member";
    const members = await listMembers(db, workspace.ownerId);
    const current = members.find((m) => m.email === email);
    let error: string | undefined;
    if (workspace.role !== "owner" && (role === "owner" || current?.role === "owner"))
      error = copy.ownersOnly;
    else {
      try {
        await db.transaction().execute((trx) => addMember(trx, { orgId: workspace.ownerId, email, role }));
        return reply.redirect(`${workspace.basePath}/members`, 303);
      } catch (caught) {
        if (!isServiceError(caught) || !["not_found", "invalid_request"].includes(caught.code)) throw caught;
        error = caught.code === "not_found" ? copy.noSuchUser : caught.message;
      }
    }
    const body = membersPage({ workspace, members, csrfToken: page.session.csrfToken, error });
    return sendHtml(reply, renderPage(membersFrame(page), body), 422);
  });
}
