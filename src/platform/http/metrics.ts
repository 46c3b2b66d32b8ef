import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";
import { sendProblem } from "./problem.ts";

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * Prometheus at /metrics from this app's own registry (tests build many apps in one process): request
 * metrics, process metrics and whatever `register` adds. With `token`, a scrape needs
 * `Authorization: Bearer <token>`; without, it must come from loopback.
 */
export function installMetrics(
  app: FastifyInstance,
  options: { token: string; register?: (registry: Registry) => void },
): void {
  const registry = new Registry();
  options.register?.(registry);
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "padron_http_requests_total",
    help: "HTTP requests by route and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "padron_http_request_duration_seconds",
    help: "HTTP request latency by route",
    labelNames: ["method", "route"] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.is404 ? "unmatched" : (request.routeOptions.url ?? "unmatched");
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
  const allowed = options.token ? bearerIs(options.token) : isLocalRequest;
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request))
      return sendProblem(request, reply, "unauthorized", refusal(options.token), {
        headers: options.token ? { "www-authenticate": 'Bearer realm="metrics"' } : {},
      });
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

const refusal = (token: string) =>
  token
    ? "/metrics needs the Authorization: Bearer token set in METRICS_TOKEN."
    : "/metrics answers only local requests while METRICS_TOKEN is not set.";

const digest = (text: string) => createHash("sha256").update(text).digest();

function bearerIs(token: string): (request: FastifyRequest) => boolean {
  const expected = digest(token);
  return (request) => {
    const match = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "");
    return match !== null && timingSafeEqual(digest(match[1]), expected);
  };
}

// The socket's peer, not request.ip: a proxy on this machine forwards outsiders from loopback too.
function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? "";
  const loopback = peer === "::1" || /^(::ffff:)?127\./.test(peer);
  return loopback && !request.headers["x-forwarded-for"] && !request.headers.forwarded;
}
