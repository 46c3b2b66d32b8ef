import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Registry } from "prom-client";
import { createRequestMetrics } from "./request-metrics.ts";

/**
 * Prometheus at /metrics: requests by route and status and a latency histogram, counted by
 * request-metrics.ts on every response, followed by the process metrics of a registry of this
 * app's own (tests build many apps in one process).
 */
export function installMetrics(app: FastifyInstance): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = createRequestMetrics();
  app.addHook("onResponse", (request, reply, done) => {
    requests.observe(
      request.method,
      request.routeOptions.url ?? "unmatched",
      reply.statusCode,
      reply.elapsedTime,
    );
    done();
  });
  app.get("/metrics", { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return requests.render() + (await registry.metrics());
  });
}
