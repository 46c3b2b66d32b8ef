import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ActiveSession } from "../accounts/find-session.ts";
import { listMemberships, type Membership } from "../accounts/list-memberships.ts";
import type { Config } from "../config.ts";
import type { Db } from "../platform/db/connect.ts";
import type { SharedRedis } from "../platform/redis/shared-redis.ts";
import { sendForbidden, sendNotFound } from "./error-pages.ts";
import { canManage, organizationWorkspace, personalWorkspace, type Workspace } from "./workspace.ts";

export interface DashboardDeps {
  db: Db;
  config: Config;
  redis: SharedRedis | null;
}

export interface PageContext {
  session: ActiveSession;
  memberships: Membership[];
  workspace: Workspace;
}

type Handler = (request: FastifyRequest, reply: FastifyReply, page: PageContext) => Promise<unknown>;

export const sendHtml = (reply: FastifyReply, page: string, status = 200): FastifyReply =>
  reply.code(status).type("text/html; charset=utf-8").send(page);

/** A string field of a posted form ("" when missing or repeated). */
export function field(request: FastifyRequest, name: string): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : "";
}

function redirectToLogin(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const next = request.method === "GET" ? `?next=${encodeURIComponent(request.url)}` : "";
  return reply.redirect(`/login${next}`, 303);
}

/**
 * Registers a page for a workspace: at `path` for the user's own and/or at
 * `/org/:slug<path>` for an organization. Anonymous visitors go to log in; a non-member gets 404
 * (an organization's existence is not revealed); a member without the role gets 403.
 */
export function pageRoute(
  app: FastifyInstance,
  deps: DashboardDeps,
  spec: { method: "GET" | "POST"; path: string; manage?: boolean; where?: "both" | "org" | "personal" },
  handler: Handler,
): void {
  const where = spec.where ?? "both";
  const urls = [
    ...(where === "org" ? [] : [spec.path]),
    ...(where === "personal" ? [] : [`/org/:slug${spec.path}`]),
  ];
  for (const url of urls) {
    app.route({
      method: spec.method,
      url,
      schema: { hide: true },
      handler: async (request, reply) => {
        const session = request.dashboardSession;
        if (!session) return redirectToLogin(request, reply);
        const memberships = await listMemberships(deps.db, session.userId);
        const slug = (request.params as { slug?: string }).slug;
        const membership = slug === undefined ? null : memberships.find((m) => m.slug === slug);
        if (membership === undefined) return sendNotFound(request, reply);
        const workspace = membership ? organizationWorkspace(membership) : personalWorkspace(session);
        if (spec.manage && !canManage(workspace)) return sendForbidden(request, reply);
        return handler(request, reply, { session, memberships, workspace });
      },
    });
  }
}
