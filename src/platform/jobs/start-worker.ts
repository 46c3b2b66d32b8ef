import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import type { Db, Engine } from "../db/connect.ts";
import type { JobsTable } from "../db/schema.ts";
import { randomBase62 } from "../ids.ts";
import type { Log } from "../log.ts";
import { claimJobs } from "./claim-jobs.ts";
import { type JobHandlers, RetryLater, toRunning } from "./job-types.ts";
import { backoffMs, extendLease, type Outcome, settleJob } from "./settle-job.ts";

interface WorkerOptions {
  db: Db;
  engine: Engine;
  handlers: JobHandlers;
  concurrency: number;
  leaseMs?: number;
  pollMs?: number;
  retryBaseMs?: number;
  workerId?: string;
  log?: Log;
}

export type Worker = ReturnType<typeof startWorker>;

/** Claims and runs jobs until stopped; a lease heartbeat keeps long jobs from being taken over. */
export function startWorker(options: WorkerOptions) {
  const { db, engine, handlers } = options;
  const names = Object.keys(handlers);
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomBase62(6)}`;
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 250;
  const log = options.log ?? (() => {});
  const active = new Map<string, { attempt: number; abort: AbortController; done: Promise<void> }>();
  const stopping = new AbortController();

  const heartbeat = setInterval(
    () => {
      for (const [jobId, held] of active) {
        extendLease(db, { id: jobId, workerId: id, attempt: held.attempt }, leaseMs)
          .then((kept) => {
            if (!kept) held.abort.abort(new Error("lease lost"));
          })
          .catch((error) => log("warn", "lease heartbeat failed", { jobId, error: String(error) }));
      }
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );

  const run = async (row: JobsTable, abort: AbortController): Promise<void> => {
    const job = toRunning(row, id, abort.signal);
    const held = { id: row.id, workerId: id, attempt: job.attempt };
    const handler = handlers[row.name];
    const runHandler = typeof handler === "function" ? handler : handler.run;
    const retry = (error: string, delayMs: number): Outcome => ({
      kind: "retry",
      runAt: Date.now() + delayMs,
      error,
    });
    const backoff = () => backoffMs(job.attempt, options.retryBaseMs ?? 1000);
    try {
      if (job.attempt > job.maxAttempts) throw new Error(`gave up after ${job.maxAttempts} attempts`);
      await runHandler(job.payload as never, job);
      await settleJob(db, held, { kind: "done" });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      let outcome = retry(message, error instanceof RetryLater ? error.delayMs : backoff());
      if (!(error instanceof RetryLater) && job.attempt >= job.maxAttempts) {
        outcome = { kind: "dead", error: message };
        log("error", "job is dead", { jobId: row.id, name: row.name, error: message });
        const giveUp = typeof handler === "object" ? handler.giveUp : undefined;
        try {
          await giveUp?.(job.payload as never, message);
        } catch (giveUpError) {
          outcome = retry(String(giveUpError), backoff());
        }
      }
      await settleJob(db, held, outcome).catch((e) =>
        log("error", "could not settle job", { error: String(e) }),
      );
    }
  };

  const loop = async () => {
    while (!stopping.signal.aborted) {
      const free = options.concurrency - active.size;
      let claimed: JobsTable[] = [];
      if (free > 0) {
        try {
          claimed = await claimJobs(db, engine, { workerId: id, names, limit: free, leaseMs });
        } catch (error) {
          log("warn", "claiming jobs failed", { error: String(error) });
        }
      }
      for (const row of claimed) {
        const abort = new AbortController();
        const entry = { attempt: Number(row.attempts), abort, done: Promise.resolve() };
        entry.done = run(row, abort).finally(() => active.delete(row.id));
        active.set(row.id, entry);
      }
      if (claimed.length === 0 || active.size >= options.concurrency) {
        const wake =
          active.size >= options.concurrency ? Promise.race([...active.values()].map((a) => a.done)) : null;
        await Promise.race(
          [sleep(pollMs, undefined, { signal: stopping.signal }).catch(() => {}), wake].filter(Boolean),
        );
      }
    }
  };
  const looping = loop();

  return {
    id,
    /** Stops claiming, waits up to `graceMs` for running jobs, then aborts them (their leases expire). */
    async stop(graceMs = 10_000) {
      stopping.abort();
      await looping;
      const all = Promise.all([...active.values()].map((a) => a.done));
      const timer = setTimeout(() => {
        for (const held of active.values()) held.abort.abort(new Error("worker stopping"));
      }, graceMs);
      const cap = new AbortController();
      await Promise.race([all, sleep(graceMs + 1000, undefined, { signal: cap.signal }).catch(() => {})]);
      cap.abort();
      clearTimeout(timer);
      clearInterval(heartbeat);
    },
  };
}
