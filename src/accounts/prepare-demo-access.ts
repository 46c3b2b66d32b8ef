import { readFile, rename, writeFile } from "node:fs/promises";
import { authenticateApiKey } from "../api-keys/authenticate-api-key.ts";
import { issueApiKey } from "../api-keys/issue-api-key.ts";
import type { Db } from "../platform/db/connect.ts";
import { createUser } from "./create-user.ts";

const LABEL = "printed by padron serve";

/**
 * First-run convenience: the demo user exists and has a sandbox key that every start prints. Keys are
 * stored hashed, so the key itself is kept in `keyFile` (readable by this user only) and printed again
 * while it still works; otherwise a new one is issued and kept there (`kept: false`).
 */
export async function prepareDemoAccess(
  db: Db,
  input: { email: string; signupCredits: number; keyFile: string },
) {
  const existing = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", input.email)
    .executeTakeFirst();
  const userId = existing?.id ?? (await createUser(db, { email: input.email }, input)).id;
  const kept = (await readFile(input.keyFile, "utf8").catch(() => "")).trim();
  const context = kept ? await authenticateApiKey(db, kept) : null;
  if (context?.owner.id === userId && context.mode === "test")
    return { email: input.email, key: kept, kept: true };
  const issued = await issueApiKey(db, { ownerId: userId, label: LABEL, mode: "test" });
  const partial = `${input.keyFile}.${process.pid}`;
  await writeFile(partial, `${issued.key}\n`, { mode: 0o600 });
  await rename(partial, input.keyFile);
  return { email: input.email, key: issued.key, kept: false };
}
