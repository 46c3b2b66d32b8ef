import type { Db } from "../platform/db/connect.ts";
import { DECOY_HASH, verifyPassword } from "./password.ts";

/** The user when email and password match; null for every kind of failure, so callers answer alike. */
export async function logIn(db: Db, input: { email: string; password: string }) {
  const email = input.email.trim().toLowerCase();
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "password_hash"])
    .where("email", "=", email)
    .executeTakeFirst();
  const matches = await verifyPassword(input.password, user?.password_hash ?? DECOY_HASH);
  return user?.password_hash && matches ? { id: user.id, email: user.email } : null;
}
