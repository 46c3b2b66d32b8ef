import type { FastifyInstance } from "fastify";
import { deleteApiKey } from "../api-keys/delete-api-key.ts";
import { issueApiKey } from "../api-keys/issue-api-key.ts";
import { listApiKeys } from "../api-keys/list-api-keys.ts";
import { sendNotFound } from "./error-pages.ts";
import { confirmDeletePage, copy, keysPage } from "./keys-views.ts";
import { renderPage } from "./layout.ts";
import { type DashboardDeps, field, type PageContext, pageRoute, sendHtml } from "./page-route.ts";

const frame = (page: PageContext) => ({
  title: copy.title,
  session: page.session,
  memberships: page.memberships,
  workspace: page.workspace,
  section: "api-keys" as const,
});

/** `/api-keys` and `/org/<slug>/api-keys`: the same verbs as `padron keys`, for the page's owner. */
export function keysRoutes(app: FastifyInstance, deps: DashboardDeps): void {
  const { db } = deps;
  const manage = { manage: true };

  pageRoute(app, deps, { method: "GET", path: "/api-keys", ...manage }, async (_request, reply, page) => {
    const keys = await listApiKeys(db, page.workspace.ownerId);
    const body = keysPage({ workspace: page.workspace, csrfToken: page.session.csrfToken, keys });
    return sendHtml(reply, renderPage(frame(page), body));
  });

  pageRoute(app, deps, { method: "POST", path: "/api-keys", ...manage }, async (request, reply, page) => {
    const label = field(request, "label").trim();
    const mode = field(request, "mode") === "live" ? "live" : "test";
    const { workspace } = page;
    const csrfToken = page.session.csrfToken;
    if (label.length === 0 || label.length > 100) {
      const keys = await listApiKeys(db, workspace.ownerId);
      const body = keysPage({ workspace, csrfToken, keys, error: copy.labelMissing });
      return sendHtml(reply, renderPage(frame(page), body), 422);
    }
    const issued = await issueApiKey(db, {
      ownerId: workspace.ownerId,
      label,
      mode,
      createdBy: page.session.userId,
    });
    const keys = await listApiKeys(db, workspace.ownerId);
    return sendHtml(reply, renderPage(frame(page), keysPage({ workspace, csrfToken, keys, issued })));
  });

  const keyPath = { path: "/api-keys/:keyId/delete", ...manage };
  pageRoute(app, deps, { method: "GET", ...keyPath }, async (request, reply, page) => {
    const { keyId } = request.params as { keyId: string };
    const key = (await listApiKeys(db, page.workspace.ownerId)).find((k) => k.id === keyId);
    if (!key) return sendNotFound(request, reply);
    const body = confirmDeletePage({ workspace: page.workspace, csrfToken: page.session.csrfToken, key });
    return sendHtml(reply, renderPage(frame(page), body));
  });

  pageRoute(app, deps, { method: "POST", ...keyPath }, async (request, reply, page) => {
    const { keyId } = request.params as { keyId: string };
    const deleted = await deleteApiKey(db, { id: keyId, ownerId: page.workspace.ownerId });
    if (deleted === 0) return sendNotFound(request, reply);
    return reply.redirect(`${page.workspace.basePath}/api-keys`, 303);
  });
}
