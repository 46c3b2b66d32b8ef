import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createUser } from "../accounts/create-user.ts";
import { endSession } from "../accounts/end-session.ts";
import { logIn } from "../accounts/log-in.ts";
import { startSession } from "../accounts/start-session.ts";
import { isServiceError } from "../platform/errors.ts";
import { copy, logInForm, signUpForm } from "./auth-views.ts";
import { renderPage } from "./layout.ts";
import { type DashboardDeps, field, sendHtml } from "./page-route.ts";
import { sameSitePath } from "./same-site-path.ts";
import { clearSessionCookie, preAuthToken, SESSION_COOKIE, setSessionCookie } from "./session-cookies.ts";

const HOME = "/credits";

/** Only same-site paths: `next` must never send someone to another host after log-in. */
const safeNext = (next: string): string => sameSitePath(next) ?? HOME;

export function authRoutes(app: FastifyInstance, deps: DashboardDeps): void {
  const { db, config } = deps;
  const limited = { rateLimit: { max: config.dashboard.loginPerMinute, timeWindow: 60_000 } };
  const ttlMs = config.dashboard.sessionHours * 3_600_000;

  const signIn = async (request: FastifyRequest, reply: FastifyReply, userId: string, to: string) => {
    const session = await startSession(db, { userId, ttlMs });
    setSessionCookie(request, reply, session, config.server.publicUrl);
    return reply.redirect(to, 303);
  };

  app.get("/", { schema: { hide: true } }, async (request, reply) =>
    reply.redirect(request.dashboardSession ? HOME : "/login", 303),
  );

  app.get("/login", { schema: { hide: true } }, async (request, reply) => {
    if (request.dashboardSession) return reply.redirect(HOME, 303);
    const next = (request.query as { next?: string }).next ?? "";
    const csrfToken = preAuthToken(request, reply, config.server.publicUrl);
    return sendHtml(reply, renderPage({ title: copy.logInTitle }, logInForm({ csrfToken, next })));
  });

  app.post("/login", { schema: { hide: true }, config: limited }, async (request, reply) => {
    const email = field(request, "email");
    const user = await logIn(db, { email, password: field(request, "password") });
    if (user) return signIn(request, reply, user.id, safeNext(field(request, "next")));
    const csrfToken = preAuthToken(request, reply, config.server.publicUrl);
    const form = logInForm({ csrfToken, email, error: copy.failed, next: field(request, "next") });
    return sendHtml(reply, renderPage({ title: copy.logInTitle }, form), 401);
  });

  app.get("/signup", { schema: { hide: true } }, async (request, reply) => {
    if (request.dashboardSession) return reply.redirect(HOME, 303);
    const csrfToken = preAuthToken(request, reply, config.server.publicUrl);
    return sendHtml(reply, renderPage({ title: copy.signUpTitle }, signUpForm({ csrfToken })));
  });

  app.post("/signup", { schema: { hide: true }, config: limited }, async (request, reply) => {
    const email = field(request, "email");
    const password = field(request, "password");
    const refuse = (error: string) => {
      const csrfToken = preAuthToken(request, reply, config.server.publicUrl);
      const form = signUpForm({ csrfToken, email, error });
      return sendHtml(reply, renderPage({ title: copy.signUpTitle }, form), 422);
    };
    try {
      const user = await createUser(db, { email, password }, config.accounts);
      return signIn(request, reply, user.id, HOME);
    } catch (error) {
      if (isServiceError(error) && error.code === "invalid_request") return refuse(error.message);
      throw error;
    }
  });

  app.post("/logout", { schema: { hide: true } }, async (request, reply) => {
    await endSession(db, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply);
    return reply.redirect("/login", 303);
  });
}
