import { Counter } from "prom-client";
import type { Log } from "./log.ts";

/** Reports background work that failed, where no request is there to see it. */
export type ReportFailure = (task: string, error: unknown, context?: Record<string, unknown>) => void;

/**
 * A failed background write or task (request-log rows, key last-use times, the retention sweep) is
 * logged as an error with its context and counted, never swallowed. `metric` is for the app's
 * /metrics registry.
 */
export function createFailureReports(log: Log) {
  const metric = new Counter({
    name: "padron_background_failures_total",
    help: "Background writes and tasks that failed, by task; each is logged with its context",
    labelNames: ["task"] as const,
    registers: [],
  });
  const report: ReportFailure = (task, error, context = {}) => {
    metric.inc({ task });
    log("error", `${task} failed`, { ...context, task, error: String((error as Error)?.message ?? error) });
  };
  return { metric, report };
}
