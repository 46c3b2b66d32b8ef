import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Registry } from "prom-client";
import { createRequestMetrics } from "./request-metrics.ts";
import { appendRouteHook } from "./route-hooks.ts";

/**
 * Prometheus at /metrics: requests by route and status and a latency histogram, counted by
 * request-metrics.ts on every response, followed by the process metrics of a registry of this
 * app's own (tests build many apps in one process), with whatever `register` adds to it.
 */
export function installMetrics(app: FastifyInstance, register?: (registry: Registry) => void): void {
  const registry = new Registry();
  register?.(registry);
  collectDefaultMetrics({ register: registry });
  const requests = createRequestMetrics();
  const observe = (route: string, request: FastifyRequest, reply: FastifyReply) =>
    requests.observe(request.method, route, reply.statusCode, reply.elapsedTime);
  // Each route counts its own requests; the app-wide hook counts only those no route matched.
  app.addHook("onRoute", (route) =>
    appendRouteHook(route, "onResponse", (request, reply, done) => {
      observe(route.url, request, reply);
      done();
    }),
  );
  app.addHook("onResponse", (request, reply, done) => {
    if (request.is404) observe("unmatched", request, reply);
    done();
  });
  app.get("/metrics", { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return requests.render() + (await registry.metrics());
  });
}
