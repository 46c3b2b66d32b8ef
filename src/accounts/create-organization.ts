import type { Db } from "../platform/db/connect.ts";
import { ServiceError } from "../platform/errors.ts";
import { newId, randomBase62 } from "../platform/ids.ts";
import { slugify } from "./slugify.ts";

export interface CreatedOrganization {
  id: string;
  slug: string;
  name: string;
}

/** An organization is a billing owner of its own; its creator becomes its owner member. */
export async function createOrganization(
  db: Db,
  input: { name: string; ownerUserId: string },
): Promise<CreatedOrganization> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 120)
    throw new ServiceError("invalid_request", "organization name must have 1 to 120 characters", {
      errors: [{ path: "/name", message: "1 to 120 characters" }],
    });
  const id = newId("org");
  const now = Date.now();
  const base = slugify(name) || "org";
  const slug = await db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom("organizations")
      .select("id")
      .where("slug", "=", base)
      .executeTakeFirst();
    const chosen = taken ? `${base}-${randomBase62(4).toLowerCase()}` : base;
    await trx
      .insertInto("owners")
      .values({ id, kind: "org", name, plan: "payg", plan_expires_at: null, created_at: now })
      .execute();
    await trx.insertInto("organizations").values({ id, slug: chosen, name, created_at: now }).execute();
    await trx
      .insertInto("balances")
      .values({ owner_id: id, credits: 0, allowance: 0, allowance_period: "", updated_at: now })
      .execute();
    await trx
      .insertInto("memberships")
      .values({ org_id: id, user_id: input.ownerUserId, role: "owner", created_at: now })
      .execute();
    return chosen;
  });
  return { id, slug, name };
}
