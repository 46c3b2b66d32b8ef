import type { FastifyReply } from "fastify";
import { chargeCredits } from "../credits/charge-credits.ts";
import { readBalance } from "../credits/read-balance.ts";
import { hasActivePlan, monthlyAllowanceOf, renewAllowance } from "../credits/renew-allowance.ts";
import { enqueueJob } from "../platform/jobs/enqueue-job.ts";
import type { RequestContext } from "../request-context.ts";
import { vetWebhookUrl } from "../webhooks/vet-webhook-url.ts";

export const RUN_REQUEST = "request.run";
/** A job per operation: a worker that does not know an operation (mid-upgrade) leaves its jobs alone. */
export const runRequestJob = (operation: string) => `${RUN_REQUEST}.${operation}`;
export const REQUEST_RETENTION_MS = 7 * 24 * 3600 * 1000;

/**
 * Accepts work to be answered by webhook: vets the URL (SSRF guard), then charges, records the request
 * and enqueues its job in ONE transaction, so accepted work is never lost nor charged without a job.
 */
export async function acceptAsync(
  ctx: RequestContext,
  request: { operation: string; input: unknown; webhookUrl: string; credits: number; total?: number },
) {
  const operation = ctx.services.operations.find(request.operation);
  if (!operation) throw new Error(`operation "${request.operation}" is not registered`);
  await vetWebhookUrl(request.webhookUrl, {
    allowPrivate: ctx.config.webhooks.allowPrivate,
    requireHttps: operation.requireHttps,
  });
  const owner = ctx.auth.owner;
  const charging = ctx.auth.mode === "live" && request.credits > 0;
  const now = Date.now();
  const charge = await ctx.db.transaction().execute(async (trx) => {
    let paid = null;
    if (charging) {
      const useAllowance = hasActivePlan(owner);
      if (useAllowance)
        await renewAllowance(trx, {
          ownerId: owner.id,
          monthlyCredits: monthlyAllowanceOf(owner, ctx.config),
        });
      paid = await chargeCredits(trx, {
        ownerId: owner.id,
        amount: request.credits,
        operation: request.operation,
        requestId: ctx.requestId,
        useAllowance,
      });
    }
    await trx
      .insertInto("requests")
      .values({
        request_id: ctx.requestId,
        owner_id: owner.id,
        key_id: ctx.auth.keyId,
        mode: ctx.auth.mode,
        operation: request.operation,
        status: "processing",
        webhook_url: request.webhookUrl,
        progress_done: request.total === undefined ? null : 0,
        progress_total: request.total ?? null,
        created_at: now,
        expires_at: now + REQUEST_RETENTION_MS,
      })
      .execute();
    await enqueueJob(trx, {
      name: runRequestJob(request.operation),
      payload: { requestId: ctx.requestId, input: request.input },
      maxAttempts: 10,
    });
    return paid;
  });
  ctx.billing.charged += charge?.charged ?? 0;
  ctx.billing.remaining = charge?.remaining ?? (await readBalance(ctx.db, owner.id)).credits;
  return {
    statusCode: 202,
    location: `/v1/requests/${ctx.requestId}`,
    body: {
      status: "processing",
      message: "Accepted. The result will be sent to webhook_url and kept at the Location URL for 7 days.",
      request_id: ctx.requestId,
    },
  } as const;
}

type Accepted = Awaited<ReturnType<typeof acceptAsync>>;

/** Writes an Accepted as the 202 response. */
export function sendAccepted(reply: FastifyReply, accepted: Accepted): FastifyReply {
  return reply.code(accepted.statusCode).header("location", accepted.location).send(accepted.body);
}
