import type { Config } from "../config.ts";
import type { Db } from "../platform/db/connect.ts";
import { type JobHandler, RetryLater, type RunningJob } from "../platform/jobs/job-types.ts";
import { MAX_DELIVERY_ATTEMPTS, nextRetryDelayMs } from "./retry-schedule.ts";
import { sendWebhook, type WebhookAgents } from "./send-webhook.ts";
import { webhookSecretOf } from "./webhook-secret.ts";

/**
 * The `webhook.deliver` job: one attempt per run, recorded; success marks the delivery delivered,
 * failure retries on the schedule of DESIGN §3.4 (via RetryLater) until it is marked failed.
 */
export function deliverWebhookHandler(deps: {
  db: Db;
  config: Pick<Config, "webhooks">;
  agents: WebhookAgents;
}): JobHandler {
  const run = async (payload: { deliveryId: string }, job: RunningJob): Promise<void> => {
    const { db, config } = deps;
    const delivery = await db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("id", "=", payload.deliveryId)
      .executeTakeFirst();
    if (delivery?.status !== "pending") return;
    const result = await sendWebhook({
      url: delivery.url,
      id: delivery.id,
      body: delivery.payload,
      secret: await webhookSecretOf(db, delivery.owner_id, delivery.mode),
      timeoutMs: config.webhooks.timeoutMs,
      vet: { allowPrivate: config.webhooks.allowPrivate },
      agents: deps.agents,
    });
    const now = Date.now();
    const retryIn =
      result.ok || job.attempt >= MAX_DELIVERY_ATTEMPTS
        ? null
        : nextRetryDelayMs(job.attempt, config.webhooks.timeScale, result.retryAfterMs);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("webhook_attempts")
        .values({
          delivery_id: delivery.id,
          attempted_at: now - result.latencyMs,
          status_code: result.statusCode,
          latency_ms: result.latencyMs,
          error: result.error,
        })
        .execute();
      if (result.ok || retryIn === null) {
        await trx
          .updateTable("webhook_deliveries")
          .set({ status: result.ok ? "delivered" : "failed", delivered_at: result.ok ? now : null })
          .where("id", "=", delivery.id)
          .execute();
      }
    });
    if (retryIn !== null) throw new RetryLater(retryIn, result.error ?? "delivery failed");
  };
  // The job itself died (e.g. its workers kept crashing): the delivery is failed, not pending forever.
  const giveUp = async (payload: { deliveryId: string }): Promise<void> => {
    await deps.db
      .updateTable("webhook_deliveries")
      .set({ status: "failed" })
      .where("id", "=", payload.deliveryId)
      .where("status", "=", "pending")
      .execute();
  };
  return { run, giveUp };
}
