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
  // Jobs queued before rounds existed carry none: they are round 0.
  const run = async (payload: { deliveryId: string; round?: number }, job: RunningJob): Promise<void> => {
    const round = payload.round ?? 0;
    const { db, config } = deps;
    const delivery = await db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("id", "=", payload.deliveryId)
      .executeTakeFirst();
    if (delivery?.status !== "pending" || delivery.round !== round) return;
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
      // A 2xx is the receiver's word, whichever round got it; only the latest round may give up.
      if (result.ok)
        await trx
          .updateTable("webhook_deliveries")
          .set({ status: "delivered", delivered_at: now })
          .where("id", "=", delivery.id)
          .execute();
      else if (retryIn === null) await failIfLatest(trx, delivery.id, round);
    });
    if (retryIn !== null) throw new RetryLater(retryIn, result.error ?? "delivery failed");
  };
  // The job itself died (e.g. its workers kept crashing): the delivery is failed, not pending forever.
  const giveUp = (payload: { deliveryId: string; round?: number }) =>
    failIfLatest(deps.db, payload.deliveryId, payload.round ?? 0);
  return { run, giveUp };
}

/** Marks a delivery failed, unless it was delivered or a redelivery's newer round owns it now. */
async function failIfLatest(db: Db, deliveryId: string, round: number): Promise<void> {
  await db
    .updateTable("webhook_deliveries")
    .set({ status: "failed", delivered_at: null })
    .where("id", "=", deliveryId)
    .where("status", "=", "pending")
    .where("round", "=", round)
    .execute();
}
