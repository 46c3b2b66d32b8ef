import type { FastifyInstance, FastifyReply } from "fastify";
import { deleteApiKey } from "../api-keys/delete-api-key.ts";
import { type IssuedKey, issueApiKey } from "../api-keys/issue-api-key.ts";
import { listApiKeys } from "../api-keys/list-api-keys.ts";
import { sendNotFound } from "./error-pages.ts";
import { confirmDeletePage, copy, keysPage } from "./keys-views.ts";
import { renderPage } from "./layout.ts";
import { type DashboardDeps, field, type PageContext, pageRoute, sendHtml } from "./page-route.ts";

const frame = (page: PageContext) => ({ title: copy.title, ...page, section: "api-keys" as const });

/** `/api-keys` and `/org/<slug>/api-keys`: the same verbs as `padron keys`, for the page's owner. */
export function keysRoutes(app: FastifyInstance, deps: DashboardDeps): void {
  const { db } = deps;
  const showKeys = async (
    reply: FastifyReply,
    page: PageContext,
    outcome: { issued?: IssuedKey; error?: string } = {},
    status = 200,
  ) => {
    const keys = await listApiKeys(db, page.workspace.ownerId);
    const body = keysPage({ workspace: page.workspace, csrfToken: page.session.csrfToken, keys, ...outcome });
    return sendHtml(reply, renderPage(frame(page), body), status);
  };

  pageRoute(app, deps, { method: "GET", path: "/api-keys", manage: true }, (_request, reply, page) =>
    showKeys(reply, page),
  );

  pageRoute(app, deps, { method: "POST", path: "/api-keys", manage: true }, async (request, reply, page) => {
    const label = field(request, "label").trim();
    const mode = field(request, "mode") === "live" ? "live" : "test";
    if (label.length === 0 || label.length > 100)
      return showKeys(reply, page, { error: copy.labelMissing }, 422);
    const ownerId = page.workspace.ownerId;
    const issued = await issueApiKey(db, { ownerId, label, mode, createdBy: page.session.userId });
    return showKeys(reply, page, { issued });
  });

  const keyPath = { path: "/api-keys/:keyId/delete", manage: true };
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
