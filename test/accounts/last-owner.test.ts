import assert from "node:assert/strict";
import { test } from "node:test";
import { addMember, type Role } from "../../src/accounts/add-member.ts";
import { createOrganization } from "../../src/accounts/create-organization.ts";
import { isServiceError } from "../../src/platform/errors.ts";
import { freshDatabase } from "../helpers/database.ts";
import { mintOwner } from "../helpers/owners.ts";

test("an organization keeps an owner, also when two owners demote each other at once", async () => {
  const database = await freshDatabase();
  try {
    const { db } = database;
    const [first, second] = [await mintOwner(db), await mintOwner(db)];
    const org = await createOrganization(db, { name: "Dos Dueños", ownerUserId: first.ownerId });
    const setRole = (email: string, role: Role) =>
      db
        .transaction()
        .execute((trx) => addMember(trx, { orgId: org.id, email, role }))
        .then(() => "changed")
        .catch((error) => (isServiceError(error) ? error.code : `unexpected: ${error}`));
    assert.equal(await setRole(second.email, "owner"), "changed");
    const outcomes = await Promise.all([setRole(first.email, "admin"), setRole(second.email, "admin")]);
    assert.deepEqual(outcomes.sort(), ["changed", "invalid_request"]);
    const owners = await db
      .selectFrom("memberships")
      .select("user_id")
      .where("org_id", "=", org.id)
      .where("role", "=", "owner")
      .execute();
    assert.equal(owners.length, 1);
    const last = owners[0].user_id === first.ownerId ? first : second;
    assert.equal(await setRole(last.email, "member"), "invalid_request");
  } finally {
    await database.close();
  }
});
