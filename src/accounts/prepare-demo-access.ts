import { deleteApiKey } from "../api-keys/delete-api-key.ts";
import { issueApiKey } from "../api-keys/issue-api-key.ts";
import type { Db } from "../platform/db/connect.ts";
import { createUser } from "./create-user.ts";

const LABEL = "printed by padron serve";

/**
 * First-run convenience: the demo user exists, and it gets a fresh sandbox key on each start (keys are
 * stored hashed, so the previous one cannot be printed again; it is replaced instead).
 */
export async function prepareDemoAccess(
  db: Db,
  input: { email: string; signupCredits: number },
): Promise<{ email: string; key: string }> {
  const existing = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", input.email)
    .executeTakeFirst();
  const userId = existing?.id ?? (await createUser(db, { email: input.email }, input)).id;
  const old = await db
    .selectFrom("api_keys")
    .select("id")
    .where("owner_id", "=", userId)
    .where("label", "=", LABEL)
    .where("deleted_at", "is", null)
    .execute();
  for (const { id } of old) await deleteApiKey(db, { id });
  const issued = await issueApiKey(db, { ownerId: userId, label: LABEL, mode: "test" });
  return { email: input.email, key: issued.key };
}
