import type { FastifyReply, FastifyRequest } from "fastify";
import { acceptAsync, sendAccepted } from "../async-requests/accept-async.ts";
import { priceOf } from "../credits/prices.ts";
import { type RfcDeps, type RfcOperation, rfcContextOf } from "./rfc-context.ts";
import { runSynchronously } from "./run-synchronously.ts";

/**
 * A /v1/rfc answer: at once, or with `webhook_url` checked the same way, then charged its price and
 * queued in one transaction (202); the job runs the same operation on the checked input (its webhook).
 */
export async function answerOrAccept<I, C, B>(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: RfcDeps,
  operation: RfcOperation<I, C, B>,
  body: I & { webhook_url?: string },
): Promise<FastifyReply> {
  const ctx = rfcContextOf(request, deps);
  if (body.webhook_url === undefined) {
    const result = await runSynchronously(ctx, operation, body);
    return reply.code(result.status).send(result.body);
  }
  const accepted = await acceptAsync(ctx, {
    operation: operation.name,
    input: await operation.check(body),
    webhookUrl: body.webhook_url,
    credits: priceOf(operation.name, ctx.config, ctx.auth.owner),
  });
  return sendAccepted(reply, accepted);
}
