import { readBalance } from "../credits/read-balance.ts";
import { hasActivePlan, monthlyAllowanceOf } from "../credits/renew-allowance.ts";
import type { RequestContext } from "../request-context.ts";

/** Who is calling and what they can spend. Free of charge. */
export async function describeAccount(ctx: RequestContext) {
  const { owner } = ctx.auth;
  const monthly = monthlyAllowanceOf(owner, ctx.config);
  const balance = await readBalance(ctx.db, owner.id, Date.now(), monthly);
  const active = hasActivePlan(owner);
  return {
    owner: { type: owner.kind, id: owner.id, name: owner.name },
    key: { label: ctx.auth.label, mode: ctx.auth.mode, display_prefix: ctx.auth.displayPrefix },
    credits: { balance: balance.credits, allowance_left: active ? balance.allowance : 0 },
    plan: {
      name: owner.plan,
      active,
      monthly_credits: monthly,
      expires_at: owner.planExpiresAt === null ? null : new Date(owner.planExpiresAt).toISOString(),
    },
  };
}
