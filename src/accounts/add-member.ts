import type { Db } from "../platform/db/connect.ts";
import type { MembershipsTable } from "../platform/db/schema.ts";
import { ServiceError } from "../platform/errors.ts";

export type Role = MembershipsTable["role"];

const LAST_OWNER = "An organization needs at least one owner: make someone else owner first.";

/**
 * Adds an existing user to an organization, or changes the role they have there; demoting its last
 * owner is refused. Caller's transaction: the organization's row is written first, so two changes of
 * one organization (two owners demoting each other) run one after the other, each seeing the other's.
 */
export async function addMember(trx: Db, input: { orgId: string; email: string; role: Role }): Promise<void> {
  const user = await trx
    .selectFrom("users")
    .select("id")
    .where("email", "=", input.email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) throw new ServiceError("not_found", `no user with email ${input.email}`);
  await trx
    .updateTable("owners")
    .set((eb) => ({ name: eb.ref("name") }))
    .where("id", "=", input.orgId)
    .execute();
  if (input.role !== "owner") {
    const owners = await trx
      .selectFrom("memberships")
      .select("user_id")
      .where("org_id", "=", input.orgId)
      .where("role", "=", "owner")
      .execute();
    if (owners.length === 1 && owners[0].user_id === user.id)
      throw new ServiceError("invalid_request", LAST_OWNER);
  }
  await trx
    .insertInto("memberships")
    .values({ org_id: input.orgId, user_id: user.id, role: input.role, created_at: Date.now() })
    .onConflict((oc) => oc.columns(["org_id", "user_id"]).doUpdateSet({ role: input.role }))
    .execute();
}
