import assert from "node:assert/strict";
import type { Db } from "../../src/platform/db/connect.ts";

/** Proves from the recorded attempts that no job was ever held by two workers at once. */
export async function assertNoOverlappingClaims(db: Db): Promise<number> {
  const attempts = await db
    .selectFrom("job_attempts")
    .selectAll()
    .orderBy("job_id")
    .orderBy("attempt")
    .execute();
  const byJob = new Map<string, typeof attempts>();
  for (const a of attempts) byJob.set(a.job_id, [...(byJob.get(a.job_id) ?? []), a]);
  for (const [jobId, list] of byJob) {
    for (let i = 1; i < list.length; i++) {
      const previous = list[i - 1];
      // An attempt that lost its lease held the job only until that lease ran out, though its work may
      // have gone on (handlers are idempotent for that reason); the next claim must not start before.
      const heldUntil =
        previous.outcome === "lost" ? previous.lease_until : (previous.ended_at ?? previous.lease_until);
      assert.ok(
        list[i].started_at >= heldUntil,
        `job ${jobId}: attempt ${list[i].attempt} by ${list[i].worker_id} started at ${list[i].started_at} while attempt ${previous.attempt} by ${previous.worker_id} held it until ${heldUntil}`,
      );
    }
  }
  return attempts.length;
}
