import type { Db } from "../platform/db/connect.ts";
import { ServiceError } from "../platform/errors.ts";
import { checkPasswordLength, hashPassword } from "./password.ts";

/** Sets (or replaces) a user's dashboard password; their open sessions end. */
export async function setPassword(db: Db, input: { email: string; password: string }): Promise<void> {
  checkPasswordLength(input.password);
  const hash = await hashPassword(input.password);
  const email = input.email.trim().toLowerCase();
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable("users")
      .set({ password_hash: hash })
      .where("email", "=", email)
      .returning("id")
      .executeTakeFirst();
    if (!user) throw new ServiceError("not_found", `no user ${email}`);
    await trx.deleteFrom("sessions").where("user_id", "=", user.id).execute();
  });
}
