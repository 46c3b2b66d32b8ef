import { fastifyCookie } from "@fastify/cookie";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { findSession } from "../accounts/find-session.ts";
import type { Db } from "../platform/db/connect.ts";
import { ERRORS, isServiceError } from "../platform/errors.ts";
import { html } from "./html.ts";
import { renderPage } from "./layout.ts";
import { SESSION_COOKIE } from "./session-cookies.ts";

export const copy = {
  notFound: "Page not found",
  notFoundDetail: "There is nothing here, or you do not have access to it.",
  forbidden: "Not allowed",
  forbiddenDetail: "Only owners and admins of this organization can open this page.",
  tooMany: "Too many attempts",
  tooManyDetail: "Wait a minute before trying again.",
  broken: "Something went wrong",
  brokenDetail: "Quote this request id if you contact us:",
  back: "Back to the dashboard",
};

export function sendErrorPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  title: string,
  detail: string,
  session = request.dashboardSession,
): FastifyReply {
  const body = html`<section class="card"><h1>${title}</h1><p>${detail}</p><p><a href="/">${copy.back}</a></p></section>`;
  return reply.code(status).type("text/html; charset=utf-8").send(renderPage({ title, session }, body));
}

/** The page for a path no route has (outside the dashboard's scope, so it reads the session itself). */
export function notFoundPage(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const session = await findSession(db, fastifyCookie.parse(request.headers.cookie ?? "")[SESSION_COOKIE]);
    return sendErrorPage(request, reply, 404, copy.notFound, copy.notFoundDetail, session);
  };
}

export const sendNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  sendErrorPage(request, reply, 404, copy.notFound, copy.notFoundDetail);

export const sendForbidden = (request: FastifyRequest, reply: FastifyReply) =>
  sendErrorPage(request, reply, 403, copy.forbidden, copy.forbiddenDetail);

/** Dashboard errors are pages, not problem+json: people read them. */
export function installErrorPages(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isServiceError(error)) {
      const known = ERRORS[error.code];
      return sendErrorPage(request, reply, known.status, known.title, error.message);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendErrorPage(request, reply, 429, copy.tooMany, copy.tooManyDetail);
    if (status >= 400 && status < 500) {
      const title = Object.values(ERRORS).find((e) => e.status === status)?.title ?? "Bad request";
      return sendErrorPage(request, reply, status, title, error.message);
    }
    request.log.error({ err: error }, "dashboard error");
    return sendErrorPage(request, reply, 500, copy.broken, `${copy.brokenDetail} ${request.id}`);
  });
}
