import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { type ContextDeps, contextOf } from "../request-context.ts";
import { rotateWebhookSecret, webhookSecretOf } from "./webhook-secret.ts";

const SecretSchema = Type.Object({ secret: Type.String() });
const secretRoute = (summary: string) => ({
  schema: { summary, tags: ["webhooks"], response: { 200: SecretSchema } },
});

export function webhookRoutes(scope: FastifyInstance, deps: ContextDeps): void {
  scope.get(
    "/webhooks/secret",
    secretRoute(
      "The Standard Webhooks signing secret (whsec_…) of the key's owner for the key's mode: a pdr_test_ key gets the secret that signs sandbox deliveries, a pdr_live_ key the one that signs live deliveries",
    ),
    async (request) => {
      const ctx = contextOf(request, deps);
      return { secret: await webhookSecretOf(ctx.db, ctx.auth.owner.id, ctx.auth.mode) };
    },
  );
  scope.post(
    "/webhooks/secret/rotate",
    secretRoute(
      "Replace the signing secret of the key's mode; later deliveries of that mode use the new one",
    ),
    async (request) => {
      const ctx = contextOf(request, deps);
      return { secret: await rotateWebhookSecret(ctx.db, ctx.auth.owner.id, ctx.auth.mode) };
    },
  );
}
