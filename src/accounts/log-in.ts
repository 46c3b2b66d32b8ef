import type { Db } from "../platform/db/connect.ts";
import { hashPassword, verifyPassword } from "./password.ts";

// Unknown users are checked against a throwaway hash so both failures take the same time.
let decoyHash: Promise<string> | null = null;

/** The user when email and password match; null for every kind of failure, so callers answer alike. */
export async function logIn(
  db: Db,
  input: { email: string; password: string },
): Promise<{ id: string; email: string } | null> {
  const email = input.email.trim().toLowerCase();
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "password_hash"])
    .where("email", "=", email)
    .executeTakeFirst();
  decoyHash ??= hashPassword("decoy password that never matches");
  const stored = user?.password_hash ?? (await decoyHash);
  const matches = await verifyPassword(input.password, stored);
  return user?.password_hash && matches ? { id: user.id, email: user.email } : null;
}
