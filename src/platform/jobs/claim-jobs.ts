import { sql } from "kysely";
import type { Db, Engine } from "../db/connect.ts";
import type { JobsTable } from "../db/schema.ts";

/**
 * Takes up to `limit` ready jobs of the `names` this worker runs (queued and due, or running with an
 * expired lease) with ONE atomic UPDATE … RETURNING, and records the claim as an attempt in the same
 * transaction. On PostgreSQL the candidates are locked with SKIP LOCKED so workers never share a job.
 * A job no `names` cover waits for a worker that runs it: mid-upgrade, an older worker leaves it alone.
 */
export async function claimJobs(
  db: Db,
  engine: Engine,
  input: { workerId: string; names: readonly string[]; limit: number; leaseMs: number; now?: number },
): Promise<JobsTable[]> {
  const now = input.now ?? Date.now();
  const leaseUntil = now + input.leaseMs;
  if (input.names.length === 0) return [];
  const ready = sql`select id from jobs
    where ((status = 'queued' and run_at <= ${now}) or (status = 'running' and locked_until < ${now}))
      and name in (${sql.join(input.names)})
    order by run_at limit ${input.limit}`;
  const which =
    engine === "postgres" ? sql`id = any(array(${ready} for update skip locked))` : sql`id in (${ready})`;
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<JobsTable>`update jobs
      set status = 'running', locked_by = ${input.workerId}, locked_until = ${leaseUntil},
        attempts = attempts + 1, updated_at = ${now}
      where ${which}
      returning *`.execute(trx);
    if (rows.length === 0) return rows;
    const ids = rows.map((r) => r.id);
    await trx
      .updateTable("job_attempts")
      .set({ outcome: "lost" })
      .where("job_id", "in", ids)
      .where("ended_at", "is", null)
      .where("outcome", "is", null)
      .execute();
    await trx
      .insertInto("job_attempts")
      .values(
        rows.map((r) => ({
          job_id: r.id,
          attempt: Number(r.attempts),
          worker_id: input.workerId,
          started_at: now,
          lease_until: leaseUntil,
        })),
      )
      .execute();
    return rows.map((r) => ({ ...r, attempts: Number(r.attempts), max_attempts: Number(r.max_attempts) }));
  });
}
