import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../platform/db/connect.ts";

export const hashSessionToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** Opens a dashboard session for a user who just proved who they are (always a new token). */
export async function startSession(db: Db, input: { userId: string; ttlMs: number; now?: number }) {
  const now = input.now ?? Date.now();
  // Goes into the cookie; only its hash is stored.
  const token = randomBytes(32).toString("base64url");
  const csrfToken = randomBytes(32).toString("base64url");
  const expiresAt = now + input.ttlMs;
  await db
    .deleteFrom("sessions")
    .where("user_id", "=", input.userId)
    .where("expires_at", "<=", now)
    .execute();
  await db
    .insertInto("sessions")
    .values({
      id: hashSessionToken(token),
      user_id: input.userId,
      csrf_token: csrfToken,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { token, csrfToken, expiresAt };
}
