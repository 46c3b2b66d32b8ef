import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendProblem } from "./problem.ts";

type PageSender = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

// A browser asking for a page outside the API gets `htmlPage`; API clients keep problem+json.
const wantsPage = (request: FastifyRequest, path: string): boolean =>
  !/^\/(v1|sandbox)(\/|$)/.test(path) && (request.headers.accept ?? "").includes("text/html");

/** 404 for unknown paths, 405 with `Allow` for known paths asked with another method. */
export function installNotFound(app: FastifyInstance, htmlPage?: PageSender): void {
  const routes: { pattern: RegExp; method: string }[] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = new RegExp(
      `^${route.url
        .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
        .replace(/:[^/]+/g, "[^/]+")
        .replace(/\*/g, ".*")}$`,
    );
    for (const method of methods) routes.push({ pattern, method });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0];
    const allowed = [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))];
    if (allowed.length > 0) {
      return sendProblem(request, reply, "method_not_allowed", `${request.method} is not allowed here.`, {
        headers: { allow: allowed.join(", ") },
      });
    }
    if (htmlPage && wantsPage(request, path)) return htmlPage(request, reply);
    return sendProblem(request, reply, "not_found", "No such resource.");
  });
}
