import { ServiceError } from "../platform/errors.ts";
import type { RequestContext } from "../request-context.ts";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** An async request of the caller's own, for 7 days; anything else (another owner's, expired) is 404. */
export async function describeRequest(ctx: RequestContext, requestId: string) {
  const row = await ctx.db
    .selectFrom("requests")
    .selectAll()
    .where("request_id", "=", requestId)
    .where("owner_id", "=", ctx.auth.owner.id)
    .where("expires_at", ">", Date.now())
    .executeTakeFirst();
  if (!row) throw new ServiceError("not_found", `No request ${requestId} for this account.`);
  const delivery = await ctx.db
    .selectFrom("webhook_deliveries as d")
    .leftJoin("webhook_attempts as a", "a.delivery_id", "d.id")
    .select(["d.status", (eb) => eb.fn.count<number>("a.id").as("attempts")])
    .where("d.request_id", "=", requestId)
    .groupBy(["d.id", "d.status"])
    .executeTakeFirst();
  return {
    request_id: row.request_id,
    operation: row.operation,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    completed_at: iso(row.completed_at),
    ...(row.progress_total === null
      ? {}
      : { progress: { done: row.progress_done ?? 0, total: row.progress_total } }),
    result:
      row.result_status === null
        ? null
        : { status: row.result_status, body: JSON.parse(row.result_body ?? "null") },
    ...(delivery ? { webhook: { status: delivery.status, attempts: Number(delivery.attempts) } } : {}),
  };
}
