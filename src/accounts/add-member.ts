import type { Db } from "../platform/db/connect.ts";
import type { MembershipsTable } from "../platform/db/schema.ts";
import { ServiceError } from "../platform/errors.ts";

export type Role = MembershipsTable["role"];

/** Adds an existing user to an organization, or changes the role they have there. */
export async function addMember(db: Db, input: { orgId: string; email: string; role: Role }): Promise<void> {
  const user = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", input.email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) throw new ServiceError("not_found", `no user with email ${input.email}`);
  await db
    .insertInto("memberships")
    .values({ org_id: input.orgId, user_id: user.id, role: input.role, created_at: Date.now() })
    .onConflict((oc) => oc.columns(["org_id", "user_id"]).doUpdateSet({ role: input.role }))
    .execute();
}
