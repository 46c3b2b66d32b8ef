import type { Db } from "../platform/db/connect.ts";
import { ServiceError } from "../platform/errors.ts";

/** Resolves the operator notation `user:EMAIL` or `org:SLUG`. */
export async function findOwner(db: Db, notation: string) {
  const [kind, ...rest] = notation.split(":");
  const value = rest.join(":").trim();
  if (!value || (kind !== "user" && kind !== "org"))
    throw new ServiceError("invalid_request", `owner must be user:EMAIL or org:SLUG, got "${notation}"`);
  const row =
    kind === "user"
      ? await db
          .selectFrom("users")
          .select(["id", "email as name"])
          .where("email", "=", value.toLowerCase())
          .executeTakeFirst()
      : await db
          .selectFrom("organizations")
          .select(["id", "name"])
          .where("slug", "=", value)
          .executeTakeFirst();
  if (!row) throw new ServiceError("not_found", `no owner ${notation}`);
  return { id: row.id, kind, name: row.name };
}
