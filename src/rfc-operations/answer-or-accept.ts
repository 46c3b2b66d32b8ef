import type { FastifyReply, FastifyRequest } from "fastify";
import { type ContextDeps, contextOf } from "../request-context.ts";
import { sendAccepted } from "../requests/accept-async.ts";
import type { OperationOutcome } from "../taxpayers/taxpayer-context.ts";
import { acceptTaxpayerRequest } from "./accept-taxpayer-request.ts";
import type { TaxpayerOperation } from "./register-async-operations.ts";

type Input = { rfc: string; name?: string; zip?: string };

/**
 * A route handler that answers at once, or with `webhook_url` accepts (202) and lets a job run the
 * same verb and deliver its result.
 */
export function acceptingWebhook<I extends Input>(
  deps: ContextDeps,
  operation: TaxpayerOperation,
  answer: (request: FastifyRequest, input: I) => Promise<OperationOutcome<unknown>>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { webhook_url, ...input } = request.body as I & { webhook_url?: string };
    if (webhook_url === undefined) {
      const result = await answer(request, input as unknown as I);
      return reply.code(result.status).send(result.body);
    }
    const accepted = await acceptTaxpayerRequest(contextOf(request, deps), {
      operation,
      input,
      webhookUrl: webhook_url,
    });
    return sendAccepted(reply, accepted);
  };
}
