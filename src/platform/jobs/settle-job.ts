import type { Db } from "../db/connect.ts";

interface Held {
  id: string;
  workerId: string;
  attempt: number;
}

export type Outcome =
  | { kind: "done" }
  | { kind: "retry"; runAt: number; error: string }
  | { kind: "dead"; error: string };

/**
 * Records how this worker's attempt ended. Guarded by the lease (worker + attempt number): a worker
 * that lost its lease changes nothing on the job and learns so (returns false).
 */
export async function settleJob(db: Db, held: Held, outcome: Outcome): Promise<boolean> {
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const update = trx
      .updateTable("jobs")
      .where("id", "=", held.id)
      .where("locked_by", "=", held.workerId)
      .where("attempts", "=", held.attempt)
      .where("status", "=", "running");
    const base = { locked_by: null, locked_until: null, updated_at: now };
    const result =
      outcome.kind === "done"
        ? await update.set({ ...base, status: "done", last_error: null }).executeTakeFirst()
        : outcome.kind === "retry"
          ? await update
              .set({ ...base, status: "queued", run_at: outcome.runAt, last_error: outcome.error })
              .executeTakeFirst()
          : await update.set({ ...base, status: "dead", last_error: outcome.error }).executeTakeFirst();
    const held_ = Number(result.numUpdatedRows) === 1;
    await trx
      .updateTable("job_attempts")
      .set({
        ended_at: now,
        outcome: held_ ? outcome.kind : "lost",
        error: outcome.kind === "done" ? null : outcome.error,
      })
      .where("job_id", "=", held.id)
      .where("attempt", "=", held.attempt)
      .where("worker_id", "=", held.workerId)
      .execute();
    return held_;
  });
}

/** Extends a held lease; false when the job is no longer this worker's. */
export async function extendLease(db: Db, held: Held, leaseMs: number): Promise<boolean> {
  const until = Date.now() + leaseMs;
  const result = await db
    .updateTable("jobs")
    .set({ locked_until: until })
    .where("id", "=", held.id)
    .where("locked_by", "=", held.workerId)
    .where("attempts", "=", held.attempt)
    .where("status", "=", "running")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db
    .updateTable("job_attempts")
    .set({ lease_until: until })
    .where("job_id", "=", held.id)
    .where("attempt", "=", held.attempt)
    .where("worker_id", "=", held.workerId)
    .execute();
  return true;
}

/** Exponential backoff with jitter: base·2^(attempt−1), capped, plus up to 25 % at random. */
export function backoffMs(attempt: number, baseMs: number, maxMs = 3_600_000): number {
  const plain = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(plain + Math.random() * plain * 0.25);
}
