import type { Db } from "../platform/db/connect.ts";
import type { Role } from "./add-member.ts";

export interface Membership {
  orgId: string;
  slug: string;
  name: string;
  role: Role;
}

/** The organizations a user belongs to, with their role in each. */
export async function listMemberships(db: Db, userId: string): Promise<Membership[]> {
  const rows = await db
    .selectFrom("memberships as m")
    .innerJoin("organizations as o", "o.id", "m.org_id")
    .select(["o.id", "o.slug", "o.name", "m.role"])
    .where("m.user_id", "=", userId)
    .orderBy("o.name")
    .execute();
  return rows.map((r) => ({ orgId: r.id, slug: r.slug, name: r.name, role: r.role }));
}
