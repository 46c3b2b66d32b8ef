import type { Kysely } from "kysely";
import type { Engine } from "../connect.ts";

// Durable async work: jobs (+ every claim), async request records, webhook secrets and deliveries
// (+ every attempt), and stored idempotent responses.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const serial = engine === "postgres" ? "bigserial" : "integer";
  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("run_at", "bigint", (c) => c.notNull())
    .addColumn("locked_by", "text")
    .addColumn("locked_until", "bigint")
    .addColumn("last_error", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("jobs_ready").on("jobs").columns(["status", "run_at"]).execute();
  await db.schema
    .createTable("job_attempts")
    .addColumn("id", serial, (c) => (engine === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("job_id", "text", (c) => c.notNull())
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("worker_id", "text", (c) => c.notNull())
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .addColumn("lease_until", "bigint", (c) => c.notNull())
    .addColumn("ended_at", "bigint")
    .addColumn("outcome", "text")
    .addColumn("error", "text")
    .execute();
  await db.schema.createIndex("job_attempts_job").on("job_attempts").columns(["job_id", "attempt"]).execute();
  await db.schema
    .createTable("requests")
    .addColumn("request_id", "text", (c) => c.primaryKey())
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("key_id", "text", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("operation", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("webhook_url", "text")
    .addColumn("progress_done", "integer")
    .addColumn("progress_total", "integer")
    .addColumn("result_status", "integer")
    .addColumn("result_body", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("completed_at", "bigint")
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("requests_expiry").on("requests").column("expires_at").execute();
  await db.schema
    .createTable("webhook_secrets")
    .addColumn("owner_id", "text", (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("delivered_at", "bigint")
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_request")
    .on("webhook_deliveries")
    .column("request_id")
    .execute();
  await db.schema
    .createTable("webhook_attempts")
    .addColumn("id", serial, (c) => (engine === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("delivery_id", "text", (c) => c.notNull())
    .addColumn("attempted_at", "bigint", (c) => c.notNull())
    .addColumn("status_code", "integer")
    .addColumn("latency_ms", "integer", (c) => c.notNull())
    .addColumn("error", "text")
    .execute();
  await db.schema
    .createIndex("webhook_attempts_delivery")
    .on("webhook_attempts")
    .column("delivery_id")
    .execute();
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("locked_until", "bigint", (c) => c.notNull())
    .addColumn("response_status", "integer")
    .addColumn("response_headers", "text")
    .addColumn("response_body", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["owner_id", "key"])
    .execute();
  await db.schema
    .createIndex("idempotency_keys_expiry")
    .on("idempotency_keys")
    .column("expires_at")
    .execute();
}
