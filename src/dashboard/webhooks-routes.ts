import type { FastifyInstance, FastifyRequest } from "fastify";
import type { KeyMode } from "../api-keys/key-format.ts";
import { redeliver } from "../webhooks/create-delivery.ts";
import { rotateWebhookSecret, webhookSecretOf } from "../webhooks/webhook-secret.ts";
import { sendNotFound } from "./error-pages.ts";
import { renderPage } from "./layout.ts";
import { type DashboardDeps, type PageContext, pageRoute, sendHtml } from "./page-route.ts";
import { readAsyncRequests } from "./read-async-requests.ts";
import { copy, deliveryBlock, secretBox, WEBHOOK_MODES, webhooksPage } from "./webhooks-views.ts";

const fromHtmx = (request: FastifyRequest) => request.headers["hx-request"] === "true";
const modeOf = (request: FastifyRequest): KeyMode | undefined =>
  WEBHOOK_MODES.find((mode) => mode === (request.params as { mode: string }).mode);

/** `/webhooks` and `/org/<slug>/webhooks`: both signing secrets (reveal, rotate), deliveries, redelivery. */
export function webhooksRoutes(app: FastifyInstance, deps: DashboardDeps): void {
  const { db } = deps;
  const fullPage = async (
    page: PageContext,
    extra: { secrets?: Partial<Record<KeyMode, string>>; rotated?: KeyMode } = {},
  ) => {
    const requests = await readAsyncRequests(db, page.workspace.ownerId);
    const { workspace, session } = page;
    const body = webhooksPage({ workspace, csrfToken: session.csrfToken, requests, ...extra });
    return renderPage({ title: copy.title, ...page, section: "webhooks" }, body);
  };

  pageRoute(app, deps, { method: "GET", path: "/webhooks", manage: true }, async (_request, reply, page) =>
    sendHtml(reply, await fullPage(page)),
  );

  const secretRoute = (
    action: "reveal" | "rotate",
    answer: (request: FastifyRequest, page: PageContext, mode: KeyMode) => Promise<string>,
  ) =>
    pageRoute(
      app,
      deps,
      { method: "POST", path: `/webhooks/secret/:mode/${action}`, manage: true },
      async (request, reply, page) => {
        const mode = modeOf(request);
        return mode ? sendHtml(reply, await answer(request, page, mode)) : sendNotFound(request, reply);
      },
    );
  // Revealing is a POST: it needs the CSRF token and never lands in history or caches as a URL.
  secretRoute("reveal", async (request, page, mode) => {
    const secret = await webhookSecretOf(db, page.workspace.ownerId, mode);
    if (!fromHtmx(request)) return fullPage(page, { secrets: { [mode]: secret } });
    const base = `${page.workspace.basePath}/webhooks`;
    return secretBox({ base, csrfToken: page.session.csrfToken, mode, secret }).text;
  });
  secretRoute("rotate", async (_request, page, mode) => {
    const secret = await rotateWebhookSecret(db, page.workspace.ownerId, mode);
    return fullPage(page, { secrets: { [mode]: secret }, rotated: mode });
  });

  const redeliverPath = { path: "/webhooks/deliveries/:deliveryId/redeliver", manage: true };
  pageRoute(app, deps, { method: "POST", ...redeliverPath }, async (request, reply, page) => {
    const { deliveryId } = request.params as { deliveryId: string };
    const ownerId = page.workspace.ownerId;
    const redelivered = await db.transaction().execute((trx) => redeliver(trx, { ownerId, deliveryId }));
    if (!redelivered) return sendNotFound(request, reply);
    const base = `${page.workspace.basePath}/webhooks`;
    if (!fromHtmx(request)) return reply.redirect(base, 303);
    const delivery = (await readAsyncRequests(db, ownerId))
      .flatMap((r) => r.deliveries)
      .find((d) => d.id === deliveryId);
    if (!delivery) return reply.redirect(base, 303);
    return sendHtml(reply, deliveryBlock({ base, csrfToken: page.session.csrfToken, delivery }).text);
  });
}
