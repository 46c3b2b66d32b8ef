import type { KeyMode } from "../api-keys/key-format.ts";
import type { Db } from "../platform/db/connect.ts";
import { newId } from "../platform/ids.ts";
import { enqueueJob } from "../platform/jobs/enqueue-job.ts";

export const DELIVER_WEBHOOK = "webhook.deliver";

/**
 * Records the event (its payload fixed once, so every retry sends the same bytes and `webhook-id`) and
 * enqueues its delivery, inside the caller's transaction.
 */
export async function createDelivery(
  trx: Db,
  input: {
    ownerId: string;
    mode: KeyMode;
    requestId: string;
    url: string;
    type: string;
    status: number;
    body: unknown;
  },
) {
  const now = Date.now();
  const event = {
    id: newId("msg"),
    type: input.type,
    request_id: input.requestId,
    created_at: new Date(now).toISOString(),
    status: input.status,
    body: input.body,
  };
  await trx
    .insertInto("webhook_deliveries")
    .values({
      id: event.id,
      request_id: input.requestId,
      owner_id: input.ownerId,
      mode: input.mode,
      url: input.url,
      payload: JSON.stringify(event),
      status: "pending",
      created_at: now,
    })
    .execute();
  await enqueueDelivery(trx, event.id);
  return event;
}

/**
 * Sends one of the owner's events again (same id and payload) in a round of retries of its own; the
 * round still retrying, if any, stops at its next step. False when the event is not theirs.
 */
export async function redeliver(trx: Db, input: { ownerId: string; deliveryId: string }): Promise<boolean> {
  const reset = await trx
    .updateTable("webhook_deliveries")
    .set((eb) => ({ status: "pending", round: eb("round", "+", 1) }))
    .where("id", "=", input.deliveryId)
    .where("owner_id", "=", input.ownerId)
    .returning("round")
    .executeTakeFirst();
  if (!reset) return false;
  await enqueueDelivery(trx, input.deliveryId, reset.round);
  return true;
}

const enqueueDelivery = (trx: Db, deliveryId: string, round = 0) =>
  enqueueJob(trx, { name: DELIVER_WEBHOOK, payload: { deliveryId, round }, maxAttempts: 20 });
