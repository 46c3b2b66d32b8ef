import type { FastifyInstance, FastifyRequest } from "fastify";
import { rotateWebhookSecret, webhookSecretOf } from "../webhooks/webhook-secret.ts";
import { sendNotFound } from "./error-pages.ts";
import { renderPage } from "./layout.ts";
import { type DashboardDeps, type PageContext, pageRoute, sendHtml } from "./page-route.ts";
import { readAsyncRequests } from "./read-async-requests.ts";
import { redeliverDelivery } from "./redeliver-delivery.ts";
import { copy, deliveryBlock, secretBox, webhooksPage } from "./webhooks-views.ts";

const fromHtmx = (request: FastifyRequest) => request.headers["hx-request"] === "true";

/** `/webhooks` and `/org/<slug>/webhooks`: signing secret (reveal, rotate), deliveries, redelivery. */
export function webhooksRoutes(app: FastifyInstance, deps: DashboardDeps): void {
  const { db } = deps;
  const manage = { manage: true };
  const fullPage = async (page: PageContext, extra: { secret?: string; rotated?: boolean } = {}) => {
    const requests = await readAsyncRequests(db, page.workspace.ownerId);
    const body = webhooksPage({
      workspace: page.workspace,
      csrfToken: page.session.csrfToken,
      requests,
      ...extra,
    });
    return renderPage({ title: copy.title, ...page, section: "webhooks" }, body);
  };

  pageRoute(app, deps, { method: "GET", path: "/webhooks", ...manage }, async (_request, reply, page) =>
    sendHtml(reply, await fullPage(page)),
  );

  // Revealing is a POST: it needs the CSRF token and never lands in history or caches as a URL.
  pageRoute(
    app,
    deps,
    { method: "POST", path: "/webhooks/secret/reveal", ...manage },
    async (request, reply, page) => {
      const secret = await webhookSecretOf(db, page.workspace.ownerId);
      if (!fromHtmx(request)) return sendHtml(reply, await fullPage(page, { secret }));
      const base = `${page.workspace.basePath}/webhooks`;
      return sendHtml(reply, secretBox({ base, csrfToken: page.session.csrfToken, secret }).text);
    },
  );

  pageRoute(
    app,
    deps,
    { method: "POST", path: "/webhooks/secret/rotate", ...manage },
    async (_request, reply, page) => {
      const secret = await rotateWebhookSecret(db, page.workspace.ownerId);
      return sendHtml(reply, await fullPage(page, { secret, rotated: true }));
    },
  );

  const redeliverPath = { path: "/webhooks/deliveries/:deliveryId/redeliver", ...manage };
  pageRoute(app, deps, { method: "POST", ...redeliverPath }, async (request, reply, page) => {
    const { deliveryId } = request.params as { deliveryId: string };
    const ownerId = page.workspace.ownerId;
    if (!(await redeliverDelivery(db, { ownerId, deliveryId }))) return sendNotFound(request, reply);
    const base = `${page.workspace.basePath}/webhooks`;
    if (!fromHtmx(request)) return reply.redirect(base, 303);
    const delivery = (await readAsyncRequests(db, ownerId))
      .flatMap((r) => r.deliveries)
      .find((d) => d.id === deliveryId);
    if (!delivery) return reply.redirect(base, 303);
    return sendHtml(reply, deliveryBlock({ base, csrfToken: page.session.csrfToken, delivery }).text);
  });
}
