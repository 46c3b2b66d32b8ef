import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

export const SESSION_COOKIE = "padron_session";
/** Before log-in there is no session to bind a CSRF token to: the forms use a double-submit cookie. */
export const PRE_AUTH_COOKIE = "padron_csrf";

// Secure whenever the page is served over TLS, directly or as declared by PUBLIC_URL behind a proxy.
const cookieOptions = (request: FastifyRequest, publicUrl: string) => ({
  path: "/",
  httpOnly: true,
  sameSite: "lax" as const,
  secure: request.protocol === "https" || publicUrl.startsWith("https:"),
});

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; expiresAt: number },
  publicUrl: string,
): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    ...cookieOptions(request, publicUrl),
    expires: new Date(session.expiresAt),
  });
  reply.clearCookie(PRE_AUTH_COOKIE, { path: "/" });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

/** The pre-auth CSRF token of this browser, set on first sight. */
export function preAuthToken(request: FastifyRequest, reply: FastifyReply, publicUrl: string): string {
  const existing = request.cookies[PRE_AUTH_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString("base64url");
  reply.setCookie(PRE_AUTH_COOKIE, token, cookieOptions(request, publicUrl));
  return token;
}
