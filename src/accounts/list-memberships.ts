import type { Db } from "../platform/db/connect.ts";

export type Membership = Awaited<ReturnType<typeof listMemberships>>[number];

/** The organizations a user belongs to, with their role in each. */
export function listMemberships(db: Db, userId: string) {
  return db
    .selectFrom("memberships as m")
    .innerJoin("organizations as o", "o.id", "m.org_id")
    .select(["o.id as orgId", "o.slug", "o.name", "m.role"])
    .where("m.user_id", "=", userId)
    .orderBy("o.name")
    .execute();
}
