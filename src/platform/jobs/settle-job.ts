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

// The job and this worker's attempt at it, matched only while the lease (worker + attempt) holds.
const heldJob = (db: Db, held: Held) =>
  db
    .updateTable("jobs")
    .where("id", "=", held.id)
    .where("locked_by", "=", held.workerId)
    .where("attempts", "=", held.attempt)
    .where("status", "=", "running");
const heldAttempt = (db: Db, held: Held) =>
  db
    .updateTable("job_attempts")
    .where("job_id", "=", held.id)
    .where("attempt", "=", held.attempt)
    .where("worker_id", "=", held.workerId);

/**
 * Records how this worker's attempt ended. Guarded by the lease (worker + attempt number): a worker
 * that lost its lease changes nothing on the job and learns so (returns false).
 */
export async function settleJob(db: Db, held: Held, outcome: Outcome): Promise<boolean> {
  const now = Date.now();
  const status = outcome.kind === "retry" ? "queued" : outcome.kind;
  const runAt = outcome.kind === "retry" ? { run_at: outcome.runAt } : {};
  const error = outcome.kind === "done" ? null : outcome.error;
  return db.transaction().execute(async (trx) => {
    const result = await heldJob(trx, held)
      .set({ locked_by: null, locked_until: null, updated_at: now, status, ...runAt, last_error: error })
      .executeTakeFirst();
    const stillHeld = Number(result.numUpdatedRows) === 1;
    await heldAttempt(trx, held)
      .set({ ended_at: now, outcome: stillHeld ? outcome.kind : "lost", error })
      .execute();
    return stillHeld;
  });
}

/** Extends a held lease; false when the job is no longer this worker's. */
export async function extendLease(db: Db, held: Held, leaseMs: number): Promise<boolean> {
  const until = Date.now() + leaseMs;
  const result = await heldJob(db, held).set({ locked_until: until }).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await heldAttempt(db, held).set({ lease_until: until }).execute();
  return true;
}

/** Exponential backoff with jitter: base·2^(attempt−1), capped, plus up to 25 % at random. */
export function backoffMs(attempt: number, baseMs: number, maxMs = 3_600_000): number {
  const plain = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(plain + Math.random() * plain * 0.25);
}
