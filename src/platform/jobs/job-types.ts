import type { JobsTable } from "../db/schema.ts";

/** A job as its handler sees it, while this worker holds its lease. */
export interface RunningJob {
  id: string;
  name: string;
  payload: unknown;
  /** 1 on the first claim; counts every claim, including ones whose worker died. */
  attempt: number;
  maxAttempts: number;
  workerId: string;
  /** Aborted when the lease is lost or the worker is stopping past its grace period. */
  signal: AbortSignal;
}

/** Handlers must be idempotent: a job may run again after a crash or a lost lease. */
export type JobRun = (payload: never, job: RunningJob) => Promise<void>;
/** Called once when the job goes dead (errors or crashes exhausted its attempts), to settle its effects. */
export type JobGiveUp = (payload: never, error: string) => Promise<void>;
export type JobHandler = JobRun | { run: JobRun; giveUp?: JobGiveUp };
export type JobHandlers = Record<string, JobHandler>;

/** Thrown by a handler that wants to run again after `delayMs` (its own schedule, e.g. webhooks). */
export class RetryLater extends Error {
  readonly delayMs: number;
  constructor(delayMs: number, reason: string) {
    super(reason);
    this.name = "RetryLater";
    this.delayMs = delayMs;
  }
}

export const toRunning = (row: JobsTable, workerId: string, signal: AbortSignal): RunningJob => ({
  id: row.id,
  name: row.name,
  payload: JSON.parse(row.payload),
  attempt: Number(row.attempts),
  maxAttempts: Number(row.max_attempts),
  workerId,
  signal,
});
