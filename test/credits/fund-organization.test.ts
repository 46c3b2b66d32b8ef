import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { sql } from "kysely";
import { addMember } from "../../src/accounts/add-member.ts";
import { createOrganization } from "../../src/accounts/create-organization.ts";
import { fundOrganization } from "../../src/credits/fund-organization.ts";
import { MAX_BALANCE_CREDITS } from "../../src/credits/grant-credits.ts";
import { readBalance } from "../../src/credits/read-balance.ts";
import { isServiceError } from "../../src/platform/errors.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { mintOwner } from "../helpers/owners.ts";

let database: TestDatabase;
before(async () => {
  database = await freshDatabase();
});
after(() => database.close());

const fund = (userId: string, orgId: string, credits: number) =>
  database.db
    .transaction()
    .execute((trx) => fundOrganization(trx, { userId, orgId, credits }))
    .then(() => "ok")
    .catch((error) => (isServiceError(error) ? error.code : `unexpected: ${error}`));

async function ledgerOf(ownerId: string) {
  const rows = await database.db
    .selectFrom("ledger")
    .select(["kind", "credits", "note"])
    .where("owner_id", "=", ownerId)
    .where("kind", "=", "transfer")
    .execute();
  const [sum] = await database.db
    .selectFrom("ledger")
    .select(sql<number>`sum(credits)`.as("credits"))
    .where("owner_id", "=", ownerId)
    .execute();
  return { transfers: rows.map((r) => Number(r.credits)), sum: Number(sum.credits ?? 0) };
}

test("20 concurrent moves of 30 credits from a balance of 100: three succeed, neither side below zero", async () => {
  const owner = await mintOwner(database.db, { credits: 100 });
  const org = await createOrganization(database.db, {
    name: "Fondeo Concurrente",
    ownerUserId: owner.ownerId,
  });
  const outcomes = await Promise.all(Array.from({ length: 20 }, () => fund(owner.ownerId, org.id, 30)));
  assert.equal(outcomes.filter((o) => o === "ok").length, 3);
  assert.equal(outcomes.filter((o) => o === "insufficient_balance").length, 17);
  assert.equal((await readBalance(database.db, owner.ownerId)).credits, 10);
  assert.equal((await readBalance(database.db, org.id)).credits, 90);
  // Balance = sum of the ledger on both sides; one entry per side per move.
  assert.deepEqual(await ledgerOf(owner.ownerId), { transfers: [-30, -30, -30], sum: 10 });
  assert.deepEqual(await ledgerOf(org.id), { transfers: [30, 30, 30], sum: 90 });
  const notes = await database.db
    .selectFrom("ledger")
    .select("note")
    .where("owner_id", "in", [owner.ownerId, org.id])
    .where("kind", "=", "transfer")
    .execute();
  assert.ok(notes.some((n) => n.note === `to org:${org.slug}`));
  assert.ok(notes.some((n) => n.note === `from user:${owner.email}`));
});

test("only the organization's owners can fund it, with a whole number of credits", async () => {
  const owner = await mintOwner(database.db, { credits: 50 });
  const admin = await mintOwner(database.db, { credits: 50 });
  const stranger = await mintOwner(database.db, { credits: 50 });
  const org = await createOrganization(database.db, { name: "Solo Dueños", ownerUserId: owner.ownerId });
  await database.db
    .transaction()
    .execute((trx) => addMember(trx, { orgId: org.id, email: admin.email, role: "admin" }));
  assert.equal(await fund(admin.ownerId, org.id, 5), "not_found");
  assert.equal(await fund(stranger.ownerId, org.id, 5), "not_found");
  for (const bad of [0, -3, 1.5]) assert.equal(await fund(owner.ownerId, org.id, bad), "invalid_request");
  assert.equal(await fund(owner.ownerId, org.id, 51), "insufficient_balance");
  assert.equal(await fund(owner.ownerId, org.id, 50), "ok");
  for (const user of [admin, stranger])
    assert.equal((await readBalance(database.db, user.ownerId)).credits, 50);
  assert.equal((await readBalance(database.db, owner.ownerId)).credits, 0);
  assert.equal((await readBalance(database.db, org.id)).credits, 50);
});

test("a move that would take the organization past the balance cap is refused: both sides unchanged", async () => {
  const first = await mintOwner(database.db, { credits: MAX_BALANCE_CREDITS });
  const second = await mintOwner(database.db, { credits: 10 });
  const org = await createOrganization(database.db, { name: "Tope de Saldo", ownerUserId: first.ownerId });
  await database.db
    .transaction()
    .execute((trx) => addMember(trx, { orgId: org.id, email: second.email, role: "owner" }));
  assert.equal(await fund(first.ownerId, org.id, MAX_BALANCE_CREDITS - 5), "ok");
  assert.equal(await fund(second.ownerId, org.id, 10), "invalid_request");
  assert.equal((await readBalance(database.db, second.ownerId)).credits, 10);
  assert.equal((await readBalance(database.db, org.id)).credits, MAX_BALANCE_CREDITS - 5);
  assert.equal(await fund(second.ownerId, org.id, 5), "ok");
  assert.equal((await readBalance(database.db, org.id)).credits, MAX_BALANCE_CREDITS);
});
