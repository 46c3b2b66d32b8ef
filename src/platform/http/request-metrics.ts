import { Counter, Histogram, type Registry } from "prom-client";

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export interface RequestMetrics {
  observe(method: string, route: string, status: number, elapsedMs: number): void;
}

/** Requests by route and status, and a latency histogram by route, in the app's own registry. */
export function createRequestMetrics(registry: Registry): RequestMetrics {
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
  return {
    observe(method, route, status, elapsedMs) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, elapsedMs / 1000);
    },
  };
}
