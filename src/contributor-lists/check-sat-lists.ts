import { payForRequest } from "../credits/pay-for-request.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { checkLookupRfc } from "./check-lookup-rfc.ts";
import type { ListMode } from "./list-store-types.ts";
import { lookupSatLists, type SatListsAnswer } from "./lookup-sat-lists.ts";

/** The lists a key consults: test keys see the sandbox's lists, live keys SAT's. */
export function listModeOf(ctx: RequestContext): ListMode {
  return ctx.auth.mode === "test" ? "sandbox" : "live";
}

/**
 * The sat-lists operation: structure check (not charged), then the charge and the local lookup side
 * by side (the lookup reaches no upstream; its answer is only given once the charge has succeeded).
 */
export async function checkSatLists(
  ctx: RequestContext,
  input: string,
): Promise<SatListsAnswer & { rfc: string }> {
  const rfc = checkLookupRfc(input);
  const [, answer] = await Promise.all([
    payForRequest(ctx, "sat-lists"),
    lookupSatLists(ctx.db, listModeOf(ctx), rfc),
  ]);
  return { rfc, ...answer };
}
