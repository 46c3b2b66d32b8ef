import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { type ActiveSession, findSession } from "../accounts/find-session.ts";
import type { Db } from "../platform/db/connect.ts";
import { sendErrorPage } from "./error-pages.ts";
import { PRE_AUTH_COOKIE, SESSION_COOKIE } from "./session-cookies.ts";

declare module "fastify" {
  interface FastifyRequest {
    dashboardSession: ActiveSession | null;
  }
}

export const copy = {
  csrfTitle: "This form has expired",
  csrfDetail:
    "The form was missing its security token or it no longer matches your session. Go back, reload the page and try again.",
};

const sameToken = (a: unknown, b: string | undefined): boolean => {
  if (typeof a !== "string" || !b || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
};

/**
 * Loads the session behind the cookie, then refuses any form post whose `_csrf` field is not the
 * session's synchronizer token (or, before log-in, the pre-auth cookie's value).
 */
export function guardRequests(app: FastifyInstance, db: Db): void {
  app.decorateRequest("dashboardSession", null);
  app.addHook("preValidation", async (request, reply) => {
    if (request.url.startsWith("/assets/")) return;
    request.dashboardSession = await findSession(db, request.cookies[SESSION_COOKIE]);
    if (request.method !== "POST") return;
    const submitted = (request.body as Record<string, unknown> | undefined)?._csrf;
    const expected = request.dashboardSession?.csrfToken ?? request.cookies[PRE_AUTH_COOKIE];
    if (!sameToken(submitted, expected))
      return sendErrorPage(request, reply, 403, copy.csrfTitle, copy.csrfDetail);
  });
}
