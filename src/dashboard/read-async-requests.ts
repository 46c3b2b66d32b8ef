import type { Db } from "../platform/db/connect.ts";

export type AsyncRequestView = Awaited<ReturnType<typeof readAsyncRequests>>[number];
export type DeliveryView = AsyncRequestView["deliveries"][number];

/** The owner's latest asynchronous requests, each with its webhook deliveries and every attempt. */
export async function readAsyncRequests(db: Db, ownerId: string, limit = 30) {
  const requests = await db
    .selectFrom("requests")
    .selectAll()
    .where("owner_id", "=", ownerId)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  if (requests.length === 0) return [];
  const requestIds = requests.map((r) => r.request_id);
  const deliveries = await db
    .selectFrom("webhook_deliveries")
    .select(["id", "request_id", "url", "status", "delivered_at"])
    .where("owner_id", "=", ownerId)
    .where("request_id", "in", requestIds)
    .orderBy("created_at")
    .execute();
  const deliveryIds = deliveries.map((d) => d.id);
  const attempts =
    deliveryIds.length === 0
      ? []
      : await db
          .selectFrom("webhook_attempts")
          .select(["delivery_id", "attempted_at", "status_code", "latency_ms", "error"])
          .where("delivery_id", "in", deliveryIds)
          .orderBy("id")
          .execute();
  return requests.map((r) => ({
    requestId: r.request_id,
    operation: r.operation,
    status: r.status,
    createdAt: Number(r.created_at),
    completedAt: r.completed_at === null ? null : Number(r.completed_at),
    resultStatus: r.result_status,
    deliveries: deliveries
      .filter((d) => d.request_id === r.request_id)
      .map((d) => ({
        id: d.id,
        url: d.url,
        status: d.status,
        deliveredAt: d.delivered_at === null ? null : Number(d.delivered_at),
        attempts: attempts
          .filter((a) => a.delivery_id === d.id)
          .map(({ delivery_id, ...a }) => ({ ...a, attempted_at: Number(a.attempted_at) })),
      })),
  }));
}
