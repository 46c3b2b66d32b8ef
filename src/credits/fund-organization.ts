import type { Db } from "../platform/db/connect.ts";
import { ServiceError } from "../platform/errors.ts";
import { appendLedgerEntry } from "./append-ledger-entry.ts";
import { insufficientBalance, takeFromBalance } from "./charge-credits.ts";
import { addToBalance } from "./grant-credits.ts";

/**
 * Moves prepaid credits from a user's own balance to an organization they own: both balances and a
 * `transfer` ledger entry on each side, in the caller's transaction. The conditional take never lets
 * the user's balance go below zero, whatever runs at the same time.
 */
export async function fundOrganization(trx: Db, input: { userId: string; orgId: string; credits: number }) {
  const { userId, orgId, credits } = input;
  if (!Number.isSafeInteger(credits) || credits <= 0)
    throw new ServiceError("invalid_request", "give a whole number of credits, 1 or more", {
      errors: [{ path: "/credits", message: "a positive integer" }],
    });
  const membership = await trx
    .selectFrom("memberships as m")
    .innerJoin("organizations as o", "o.id", "m.org_id")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["m.role", "o.slug", "u.email"])
    .where("m.org_id", "=", orgId)
    .where("m.user_id", "=", userId)
    .executeTakeFirst();
  if (membership?.role !== "owner")
    throw new ServiceError("not_found", "only an owner of the organization can add credits to it");
  const now = Date.now();
  const taken = await takeFromBalance(trx, "credits", {
    ownerId: userId,
    amount: credits,
    now,
  }).executeTakeFirst();
  if (!taken) throw insufficientBalance(credits);
  await addToBalance(trx, { ownerId: orgId, credits, now });
  const entry = { kind: "transfer" as const, at: now };
  await appendLedgerEntry(trx, {
    ...entry,
    ownerId: userId,
    credits: -credits,
    note: `to org:${membership.slug}`,
  });
  await appendLedgerEntry(trx, { ...entry, ownerId: orgId, credits, note: `from user:${membership.email}` });
  return { userCredits: Number(taken.credits) };
}
