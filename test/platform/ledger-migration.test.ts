import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { chargeCredits } from "../../src/credits/charge-credits.ts";
import { readBalance } from "../../src/credits/read-balance.ts";
import { refundCredits } from "../../src/credits/refund-credits.ts";
import { freshDatabase, migrateThrough, type TestDatabase } from "../helpers/database.ts";
import { mintOwner } from "../helpers/owners.ts";

let database: TestDatabase;
before(async () => {
  database = await freshDatabase({ migrate: false });
});
after(() => database.close());

const charge = (ownerId: string, requestId: string, operation: "validate" | "sat-lists") =>
  database.db
    .transaction()
    .execute((trx) => chargeCredits(trx, { ownerId, amount: 3, operation, requestId }));

test("0007 keeps every ledger and request-log row with its id; refunds still find their charge", async () => {
  await migrateThrough(database, "0006_postal_codes");
  const owner = await mintOwner(database.db, { credits: 100 });
  await charge(owner.ownerId, "req_before1", "validate");
  await charge(owner.ownerId, "req_before2", "sat-lists");
  const logRow = {
    request_id: "req_before1",
    owner_id: owner.ownerId,
    key_id: "key_1",
    method: "POST",
    operation: "rfc/validate",
    rfc: "AAA010101AAA",
    status: 200,
    credits: 3,
    latency_ms: 12,
    created_at: 1_700_000_000_000,
  };
  await database.db
    .insertInto("api_requests")
    .values([logRow, { ...logRow, request_id: "req_before2" }])
    .execute();
  const ledgerBefore = await database.db.selectFrom("ledger").selectAll().orderBy("id").execute();
  const logBefore = await database.db.selectFrom("api_requests").selectAll().orderBy("id").execute();

  await migrateThrough(database, "0007_lighter_ledger_writes");

  assert.deepEqual(await database.db.selectFrom("ledger").selectAll().orderBy("id").execute(), ledgerBefore);
  assert.deepEqual(
    await database.db.selectFrom("api_requests").selectAll().orderBy("id").execute(),
    logBefore,
  );
  await charge(owner.ownerId, "req_after", "validate");
  const ids = (await database.db.selectFrom("ledger").select("id").orderBy("id").execute()).map((r) =>
    Number(r.id),
  );
  assert.equal(new Set(ids).size, ids.length, "new rows get new ids");
  assert.ok((ids.at(-1) ?? 0) > Math.max(...ledgerBefore.map((r) => Number(r.id))));

  const refund = (requestId: string) =>
    database.db
      .transaction()
      .execute((trx) => refundCredits(trx, { ownerId: owner.ownerId, requestId, operation: "validate" }));
  assert.deepEqual(
    [await refund("req_before1"), await refund("req_after"), await refund("req_before1")],
    [3, 3, 0],
  );
  assert.equal((await readBalance(database.db, owner.ownerId)).credits, 100 - 9 + 6);
});
