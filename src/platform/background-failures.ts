import { Counter } from "prom-client";
import type { Log } from "./log.ts";

/** Reports background work that failed, where no request is there to see it. */
export type ReportFailure = (task: string, error: unknown, context?: Record<string, unknown>) => void;

export interface FailureReports {
  report: ReportFailure;
  /** `padron_background_failures_total{task}`, for the app's /metrics registry. */
  metric: Counter<"task">;
}

/**
 * A failed background write or task (request-log rows, key last-use times, the retention sweep) is
 * logged as an error with its context and counted, never swallowed.
 */
export function createFailureReports(log: Log): FailureReports {
  const metric = new Counter({
    name: "padron_background_failures_total",
    help: "Background writes and tasks that failed, by task; each is logged with its context",
    labelNames: ["task"] as const,
    registers: [],
  });
  return {
    metric,
    report(task, error, context = {}) {
      metric.inc({ task });
      log("error", `${task} failed`, { ...context, task, error: String((error as Error)?.message ?? error) });
    },
  };
}
