import type { Db } from "../platform/db/connect.ts";
import { redeliver } from "../webhooks/create-delivery.ts";

/** Sends one of the owner's webhook events again (same id and payload); false when it is not theirs. */
export async function redeliverDelivery(
  db: Db,
  input: { ownerId: string; deliveryId: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const delivery = await trx
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("id", "=", input.deliveryId)
      .where("owner_id", "=", input.ownerId)
      .executeTakeFirst();
    if (!delivery) return false;
    await redeliver(trx, delivery.id);
    return true;
  });
}
