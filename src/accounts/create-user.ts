import { grantCredits } from "../credits/grant-credits.ts";
import type { Db } from "../platform/db/connect.ts";
import { ServiceError } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { checkPasswordLength, hashPassword } from "./password.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A user is also a billing owner; it starts with the signup grant. */
export async function createUser(
  db: Db,
  input: { email: string; password?: string | null },
  policy: { signupCredits: number },
) {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email))
    throw new ServiceError("invalid_request", "email is not a valid address", {
      errors: [{ path: "/email", message: "must be an email address" }],
    });
  if (typeof input.password === "string") checkPasswordLength(input.password);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const id = newId("usr");
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("owners")
      .values({ id, kind: "user", name: email, plan: "payg", plan_expires_at: null, created_at: now })
      .execute();
    // ON CONFLICT, not a look-up first: two signups racing for one email must not meet a 500.
    const inserted = await trx
      .insertInto("users")
      .values({ id, email, password_hash: passwordHash, created_at: now })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted)
      throw new ServiceError("invalid_request", "a user with this email already exists", {
        errors: [{ path: "/email", message: "already registered" }],
      });
    await trx
      .insertInto("balances")
      .values({ owner_id: id, credits: 0, allowance: 0, allowance_period: "", updated_at: now })
      .execute();
    if (policy.signupCredits > 0)
      await grantCredits(trx, { ownerId: id, credits: policy.signupCredits, kind: "grant", note: "signup" });
  });
  return { id, email, credits: policy.signupCredits };
}
