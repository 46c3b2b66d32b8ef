import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { chargeCredits } from "../../src/credits/charge-credits.ts";
import { readBalance } from "../../src/credits/read-balance.ts";
import { refundCredits } from "../../src/credits/refund-credits.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { mintOwner } from "../helpers/owners.ts";

// A request can be refunded twice at once: by its own unknown answer and by the retry that takes its
// lapsed Idempotency-Key over. PostgreSQL shows the race; SQLite runs one writer at a time anyway.
let database: TestDatabase;
before(async () => {
  database = await freshDatabase();
});
after(() => database.close());

test("two refunds of one request at once give back what it paid, once", async () => {
  const { db } = database;
  const owner = await mintOwner(db, { credits: 100 });
  const requestId = "req_refunded_twice";
  await db
    .transaction()
    .execute((trx) =>
      chargeCredits(trx, { ownerId: owner.ownerId, amount: 10, operation: "validate", requestId }),
    );
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let first = -1;
  const own = db.transaction().execute(async (trx) => {
    first = await refundCredits(trx, { ownerId: owner.ownerId, requestId, operation: "validate" });
    await gate; // the rest of the storing transaction, before its commit
  });
  while (first === -1) await sleep(5);
  const takeover = db
    .transaction()
    .execute((trx) => refundCredits(trx, { ownerId: owner.ownerId, requestId, operation: "validate" }));
  await sleep(200);
  release();
  const [, second] = await Promise.all([own, takeover]);
  assert.equal(first + second, 10);
  assert.equal((await readBalance(db, owner.ownerId)).credits, 100);
});
