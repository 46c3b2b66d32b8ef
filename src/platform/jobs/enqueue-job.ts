import type { Db } from "../db/connect.ts";
import { newId } from "../ids.ts";

export interface NewJob {
  name: string;
  payload: unknown;
  /** Not before this time (epoch ms); now by default. */
  runAt?: number;
  maxAttempts?: number;
}

/** Adds a job inside the caller's transaction, so it exists exactly when the caller's change commits. */
export async function enqueueJob(trx: Db, job: NewJob): Promise<string> {
  const id = newId("job");
  const now = Date.now();
  await trx
    .insertInto("jobs")
    .values({
      id,
      name: job.name,
      payload: JSON.stringify(job.payload ?? null),
      status: "queued",
      attempts: 0,
      max_attempts: job.maxAttempts ?? 10,
      run_at: job.runAt ?? now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
