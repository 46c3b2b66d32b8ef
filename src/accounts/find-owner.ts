import type { Db } from "../platform/db/connect.ts";
import { ServiceError } from "../platform/errors.ts";

export interface OwnerRef {
  id: string;
  kind: "user" | "org";
  name: string;
}

/** Resolves the operator notation `user:EMAIL` or `org:SLUG`. */
export async function findOwner(db: Db, notation: string): Promise<OwnerRef> {
  const [kind, ...rest] = notation.split(":");
  const value = rest.join(":").trim();
  if (kind === "user" && value) {
    const row = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", value.toLowerCase())
      .executeTakeFirst();
    if (row) return { id: row.id, kind: "user", name: value.toLowerCase() };
  } else if (kind === "org" && value) {
    const row = await db
      .selectFrom("organizations")
      .select(["id", "name"])
      .where("slug", "=", value)
      .executeTakeFirst();
    if (row) return { id: row.id, kind: "org", name: row.name };
  } else {
    throw new ServiceError("invalid_request", `owner must be user:EMAIL or org:SLUG, got "${notation}"`);
  }
  throw new ServiceError("not_found", `no owner ${notation}`);
}
