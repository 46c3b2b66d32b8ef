import { ServiceError } from "../platform/errors.ts";
import type { RequestContext } from "../request-context.ts";
import { redeliver } from "../webhooks/create-delivery.ts";

/** Sends a finished request's webhook again: same event id and payload, a fresh retry schedule. */
export async function redeliverRequest(ctx: RequestContext, requestId: string) {
  const ownerId = ctx.auth.owner.id;
  const delivery = await ctx.db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("requests as r", "r.request_id", "d.request_id")
    .select(["d.id"])
    .where("d.request_id", "=", requestId)
    .where("r.owner_id", "=", ownerId)
    .where("r.expires_at", ">", Date.now())
    .executeTakeFirst();
  if (!delivery)
    throw new ServiceError("not_found", `No finished request ${requestId} with a webhook for this account.`);
  await ctx.db.transaction().execute((trx) => redeliver(trx, { ownerId, deliveryId: delivery.id }));
  return { request_id: requestId, webhook_id: delivery.id, status: "pending" as const };
}
