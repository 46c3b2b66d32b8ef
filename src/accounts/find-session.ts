import type { Db } from "../platform/db/connect.ts";
import { hashSessionToken } from "./start-session.ts";

export type ActiveSession = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/** The live session behind a cookie token, or null when unknown, ended or expired. */
export async function findSession(db: Db, token: string | undefined, now = Date.now()) {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select([
      "s.id",
      "s.user_id as userId",
      "u.email",
      "s.csrf_token as csrfToken",
      "s.expires_at as expiresAt",
    ])
    .where("s.id", "=", hashSessionToken(token))
    .where("s.expires_at", ">", now)
    .executeTakeFirst();
  return row ?? null;
}
