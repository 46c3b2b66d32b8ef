import type { Db } from "../platform/db/connect.ts";
import type { Role } from "./add-member.ts";

export interface Member {
  userId: string;
  email: string;
  role: Role;
  since: number;
}

export async function listMembers(db: Db, orgId: string): Promise<Member[]> {
  const rows = await db
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["u.id", "u.email", "m.role", "m.created_at"])
    .where("m.org_id", "=", orgId)
    .orderBy("m.created_at")
    .execute();
  return rows.map((r) => ({ userId: r.id, email: r.email, role: r.role, since: r.created_at }));
}
