import type { Db } from "../platform/db/connect.ts";
import { ServiceError } from "../platform/errors.ts";
import { newId, randomBase62 } from "../platform/ids.ts";
import { slugify } from "./slugify.ts";

/** An organization is a billing owner of its own; its creator becomes its owner member. */
export async function createOrganization(db: Db, input: { name: string; ownerUserId: string }) {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 120)
    throw new ServiceError("invalid_request", "organization name must have 1 to 120 characters", {
      errors: [{ path: "/name", message: "1 to 120 characters" }],
    });
  const id = newId("org");
  const now = Date.now();
  const slug = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("owners")
      .values({ id, kind: "org", name, plan: "payg", plan_expires_at: null, created_at: now })
      .execute();
    const chosen = await insertUnderFreeSlug(trx, { id, name, created_at: now }, slugify(name) || "org");
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

/**
 * The organization row under `base`, or `base-xxxx` when taken. The insert itself decides, so two
 * people creating "Acme" at once both succeed (a check before the insert let both take `acme`).
 */
async function insertUnderFreeSlug(
  trx: Db,
  row: { id: string; name: string; created_at: number },
  base: string,
): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${randomBase62(4).toLowerCase()}`;
    const inserted = await trx
      .insertInto("organizations")
      .values({ ...row, slug })
      .onConflict((oc) => oc.column("slug").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows) === 1) return slug;
  }
  throw new Error(`no free organization slug near "${base}"`);
}
