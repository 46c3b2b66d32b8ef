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
  const { createServices } = await import("../../src/services.ts");
  const owner = await mintOwner(database.db, { credits: 120 });
  const charge = createServices(database).charges;
  const results = await Promise.all(
    Array.from({ length: 300 }, (_, i) =>
      charge({ ownerId: owner.ownerId, amount: 1, operation: "verify", requestId: `req_b${i}` }),
    ),
  );
  assert.equal(results.filter((r) => r !== null).length, 120);
  assert.equal((await readBalance(database.db, owner.ownerId)).credits, 0);
  assert.deepEqual(await ledgerSums(owner.ownerId), { credits: 0, allowance: 0 });
});

test("charges applied together: each owner's charges in one update when covered, one by one when not", async () => {
  const { chargeTogether } = await import("../../src/credits/charge-together.ts");
  const rich = await mintOwner(database.db, { credits: 1000 });
  const poor = await mintOwner(database.db, { credits: 5 });
  const planned = await mintOwner(database.db, { credits: 7 });
  const now = Date.now();
  await database.db
    .transaction()
    .execute((trx) => renewAllowance(trx, { ownerId: planned.ownerId, monthlyCredits: 6, now }));
  const charge = (ownerId: string, amount: number, i: number, useAllowance = false) => ({
    ownerId,
    amount,
    operation: "verify",
    requestId: `req_t${ownerId}${i}`,
    useAllowance,
  });
  const inputs = Array.from(
    { length: 30 },
    (_, i) =>
      [charge(rich.ownerId, 2, i), charge(poor.ownerId, 2, i), charge(planned.ownerId, 3, i, true)][i % 3],
  );
  const results = (await chargeTogether(database, inputs)).map((result) =>
    result.status === "fulfilled" ? result.value : assert.fail(String(result.reason)),
  );

  const richResults = results.filter((_, i) => i % 3 === 0);
  assert.deepEqual(
    richResults.map((r) => r?.remaining),
    Array.from({ length: 10 }, (_, k) => 1000 - 2 * (k + 1)),
  );
  // 5 credits pay two charges of 2, in order; the rest are refused.
  assert.deepEqual(
    results.filter((_, i) => i % 3 === 1).map((r) => r?.remaining ?? null),
    [3, 1, null, null, null, null, null, null, null, null],
  );
  // The allowance (6) pays two charges of 3; the next ones fall back to the 7 prepaid credits.
  assert.deepEqual(
    results.filter((_, i) => i % 3 === 2).map((r) => r?.remaining ?? null),
    [7, 7, 4, 1, null, null, null, null, null, null],
  );
  assert.deepEqual(await readBalance(database.db, rich.ownerId), { credits: 980, allowance: 0 });
  assert.deepEqual(await ledgerSums(rich.ownerId), { credits: 980, allowance: 0 });
  assert.deepEqual(await ledgerSums(poor.ownerId), { credits: 1, allowance: 0 });
  assert.deepEqual(await readBalance(database.db, planned.ownerId, now), { credits: 1, allowance: 0 });
  assert.deepEqual(await ledgerSums(planned.ownerId), { credits: 1, allowance: 0 });
  const richEntries = await database.db
    .selectFrom("ledger")
    .select(["kind", "credits", "request_id"])
    .where("owner_id", "=", rich.ownerId)
    .where("kind", "=", "charge")
    .execute();
  assert.deepEqual(
    richEntries.map((e) => e.request_id).sort(),
    inputs
      .filter((_, i) => i % 3 === 0)
      .map((input) => input.requestId)
      .sort(),
  );
  assert.ok(richEntries.every((e) => Number(e.credits) === -2));
});

test("balances read at once: each request gets its own owner's", async () => {
  const owners = await Promise.all([7, 0, 1234].map((credits) => mintOwner(database.db, { credits })));
  const asked = [...owners, ...owners].map((owner) => owner.ownerId).concat("usr_nobody");
  const balances = await Promise.all(asked.map((ownerId) => readBalance(database.db, ownerId)));
  assert.deepEqual(
    balances.map((balance) => balance.credits),
    [7, 0, 1234, 7, 0, 1234, 0],
  );
});
