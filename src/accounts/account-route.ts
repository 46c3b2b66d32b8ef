import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { Nullable } from "../platform/http/schemas.ts";
import { type ContextDeps, contextOf } from "../request-context.ts";
import { describeAccount } from "./describe-account.ts";

const AccountSchema = Type.Object({
  owner: Type.Object({
    type: Type.Union([Type.Literal("user"), Type.Literal("org")]),
    id: Type.String(),
    name: Type.String(),
  }),
  key: Type.Object({
    label: Type.String(),
    mode: Type.Union([Type.Literal("live"), Type.Literal("test")]),
    display_prefix: Type.String(),
  }),
  credits: Type.Object({ balance: Type.Integer(), allowance_left: Type.Integer() }),
  plan: Type.Object({
    name: Type.String(),
    active: Type.Boolean(),
    monthly_credits: Type.Integer(),
    expires_at: Nullable(Type.String()),
  }),
});

export function accountRoute(scope: FastifyInstance, deps: ContextDeps): void {
  scope.withTypeProvider<TypeBoxTypeProvider>().get(
    "/account",
    {
      schema: {
        summary: "The calling key, its owner, balance and plan (free)",
        tags: ["account"],
        response: { 200: AccountSchema },
      },
    },
    (request) => describeAccount(contextOf(request, deps)),
  );
}
