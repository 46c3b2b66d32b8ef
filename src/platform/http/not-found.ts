import type { FastifyInstance } from "fastify";
import { sendProblem } from "./problem.ts";

/** 404 for unknown paths, 405 with `Allow` for known paths asked with another method. */
export function installNotFound(app: FastifyInstance): void {
  const routes: { pattern: RegExp; method: string }[] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = new RegExp(
      `^${route.url
        .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
        .replace(/:[^/]+/g, "[^/]+")
        .replace(/\*/g, ".*")}/?$`,
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
    return sendProblem(request, reply, "not_found", "No such resource.");
  });
}
