import type { Db } from "../platform/db/connect.ts";
import { hashSessionToken } from "./start-session.ts";

/** Logs a session out: the token stops working at once. */
export async function endSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.deleteFrom("sessions").where("id", "=", hashSessionToken(token)).execute();
}
