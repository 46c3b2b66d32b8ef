import type { Db } from "../platform/db/connect.ts";

export type Member = Awaited<ReturnType<typeof listMembers>>[number];

export function listMembers(db: Db, orgId: string) {
  return db
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["u.id as userId", "u.email", "m.role", "m.created_at as since"])
    .where("m.org_id", "=", orgId)
    .orderBy("m.created_at")
    .execute();
}
