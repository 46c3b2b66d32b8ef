import { randomUUID } from "node:crypto";
import { createUser } from "../../src/accounts/create-user.ts";
import { issueApiKey } from "../../src/api-keys/issue-api-key.ts";
import type { KeyMode } from "../../src/api-keys/key-format.ts";
import type { Db } from "../../src/platform/db/connect.ts";

export interface TestOwner {
  ownerId: string;
  email: string;
  key: string;
}

/** The id of the user with this email (one a test signed up through the dashboard). */
export async function userIdByEmail(db: Db, email: string): Promise<string> {
  const row = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return row.id;
}

/** A user of the test's own, with `credits` prepaid and one key. */
export async function mintOwner(
  db: Db,
  options: { credits?: number; mode?: KeyMode } = {},
): Promise<TestOwner> {
  const email = `owner-${randomUUID()}@test.padron`;
  const user = await createUser(db, { email }, { signupCredits: options.credits ?? 500 });
  const issued = await issueApiKey(db, { ownerId: user.id, label: "test", mode: options.mode ?? "live" });
  return { ownerId: user.id, email, key: issued.key };
}
