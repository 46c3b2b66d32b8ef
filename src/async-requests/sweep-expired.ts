import type { Db } from "../platform/db/connect.ts";

const DAY = 24 * 3600 * 1000;

/** Forgets what is past its retention: requests and their deliveries (7 days), finished jobs, idempotency keys. */
export async function sweepExpired(db: Db, now = Date.now()): Promise<void> {
  const expired = db.selectFrom("requests").select("request_id").where("expires_at", "<=", now);
  const oldDeliveries = db.selectFrom("webhook_deliveries").select("id").where("request_id", "in", expired);
  await db.deleteFrom("webhook_attempts").where("delivery_id", "in", oldDeliveries).execute();
  await db.deleteFrom("webhook_deliveries").where("request_id", "in", expired).execute();
  await db.deleteFrom("requests").where("expires_at", "<=", now).execute();
  const oldJobs = db
    .selectFrom("jobs")
    .select("id")
    .where("status", "in", ["done", "dead"])
    .where("updated_at", "<=", now - 7 * DAY);
  await db.deleteFrom("job_attempts").where("job_id", "in", oldJobs).execute();
  await db.deleteFrom("jobs").where("id", "in", oldJobs).execute();
  await db.deleteFrom("idempotency_keys").where("expires_at", "<=", now).execute();
}
