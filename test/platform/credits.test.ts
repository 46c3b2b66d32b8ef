import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { sql } from "kysely";
import { chargeCredits } from "../../src/credits/charge-credits.ts";
import { readBalance } from "../../src/credits/read-balance.ts";
import { refundCredits } from "../../src/credits/refund-credits.ts";
import { renewAllowance } from "../../src/credits/renew-allowance.ts";
import { isServiceError } from "../../src/platform/errors.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { mintOwner } from "../helpers/owners.ts";

let database: TestDatabase;
before(async () => {
  database = await freshDatabase();
});
after(() => database.close());

async function ledgerSums(ownerId: string) {
  const row = await database.db
    .selectFrom("ledger")
    .select([
      sql<number>`coalesce(sum(credits), 0)`.as("credits"),
      sql<number>`coalesce(sum(allowance), 0)`.as("allowance"),
    ])
    .where("owner_id", "=", ownerId)
    .executeTakeFirstOrThrow();
  return { credits: Number(row.credits), allowance: Number(row.allowance) };
}

test("500 concurrent charges of 1 against 100 credits: exactly 100 succeed, balance 0, ledger sums to it", async () => {
  const owner = await mintOwner(database.db, { credits: 100 });
  const outcomes = await Promise.all(
    Array.from({ length: 500 }, (_, i) =>
      database.db
        .transaction()
        .execute((trx) =>
          chargeCredits(trx, {
            ownerId: owner.ownerId,
            amount: 1,
            operation: "verify",
            requestId: `req_${i}`,
          }),
        )
        .then(() => "ok")
        .catch((error) => (isServiceError(error) ? error.code : `unexpected: ${error}`)),
    ),
  );
  assert.equal(outcomes.filter((o) => o === "ok").length, 100);
  assert.equal(outcomes.filter((o) => o === "insufficient_balance").length, 400);
  const balance = await readBalance(database.db, owner.ownerId);
  assert.equal(balance.credits, 0);
  assert.deepEqual(await ledgerSums(owner.ownerId), { credits: 0, allowance: 0 });
  const charges = await database.db
    .selectFrom("ledger")
    .select("id")
    .where("owner_id", "=", owner.ownerId)
    .where("kind", "=", "charge")
    .execute();
  assert.equal(charges.length, 100);
});

test("a refund gives back at most what the request was charged, once", async () => {
  const owner = await mintOwner(database.db, { credits: 50 });
  await database.db
    .transaction()
    .execute((trx) =>
      chargeCredits(trx, { ownerId: owner.ownerId, amount: 10, operation: "validate", requestId: "req_r1" }),
    );
  const first = await database.db
    .transaction()
    .execute((trx) =>
      refundCredits(trx, { ownerId: owner.ownerId, requestId: "req_r1", operation: "validate", amount: 4 }),
    );
  const second = await database.db
    .transaction()
    .execute((trx) =>
      refundCredits(trx, { ownerId: owner.ownerId, requestId: "req_r1", operation: "validate" }),
    );
  const third = await database.db
    .transaction()
    .execute((trx) =>
      refundCredits(trx, { ownerId: owner.ownerId, requestId: "req_r1", operation: "validate" }),
    );
  assert.deepEqual([first, second, third], [4, 6, 0]);
  assert.equal((await readBalance(database.db, owner.ownerId)).credits, 50);
  assert.equal((await ledgerSums(owner.ownerId)).credits, 50);
});

test("a plan allowance is spent before prepaid credits and renewed once per month", async () => {
  const owner = await mintOwner(database.db, { credits: 20 });
  const now = Date.UTC(2026, 10, 5);
  await Promise.all(
    [1, 2, 3].map(() =>
      database.db
        .transaction()
        .execute((trx) => renewAllowance(trx, { ownerId: owner.ownerId, monthlyCredits: 15, now })),
    ),
  );
  assert.deepEqual(await readBalance(database.db, owner.ownerId, now), { credits: 20, allowance: 15 });
  await database.db.transaction().execute((trx) =>
    chargeCredits(trx, {
      ownerId: owner.ownerId,
      amount: 10,
      operation: "validate",
      requestId: "req_a1",
      useAllowance: true,
    }),
  );
  await database.db.transaction().execute((trx) =>
    chargeCredits(trx, {
      ownerId: owner.ownerId,
      amount: 10,
      operation: "validate",
      requestId: "req_a2",
      useAllowance: true,
    }),
  );
  assert.deepEqual(await readBalance(database.db, owner.ownerId, now), { credits: 10, allowance: 5 });
  assert.deepEqual(await ledgerSums(owner.ownerId), { credits: 10, allowance: 5 });
  const nextMonth = Date.UTC(2026, 11, 2);
  await database.db
    .transaction()
    .execute((trx) => renewAllowance(trx, { ownerId: owner.ownerId, monthlyCredits: 15, now: nextMonth }));
  assert.deepEqual(await readBalance(database.db, owner.ownerId, nextMonth), { credits: 10, allowance: 15 });
  assert.deepEqual(await ledgerSums(owner.ownerId), { credits: 10, allowance: 15 });
});

test("group-committed charges: 300 concurrent requests against 120 credits never overdraw", async () => {
  const { chargeBatcherFor } = await import("../../src/credits/charge-batcher.ts");
  const owner = await mintOwner(database.db, { credits: 120 });
  const charge = chargeBatcherFor(database.db);
  const results = await Promise.all(
    Array.from({ length: 300 }, (_, i) =>
      charge({ ownerId: owner.ownerId, amount: 1, operation: "verify", requestId: `req_b${i}` }),
    ),
  );
  assert.equal(results.filter((r) => r !== null).length, 120);
  assert.equal((await readBalance(database.db, owner.ownerId)).credits, 0);
  assert.deepEqual(await ledgerSums(owner.ownerId), { credits: 0, allowance: 0 });
});
