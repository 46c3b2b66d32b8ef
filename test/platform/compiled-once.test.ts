import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { compiledOnce } from "../../src/platform/db/compiled-once.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { mintOwner } from "../helpers/owners.ts";

let database: TestDatabase;
before(async () => {
  database = await freshDatabase();
});
after(() => database.close());

// An argument used twice, one in a subquery, beside constants: each call's values land where they belong.
const balanceAtLeast = compiledOnce((db, a: { ownerId: string; credits: number }) =>
  db
    .selectFrom("balances as b")
    .select(["b.owner_id", "b.credits"])
    .where("b.owner_id", "=", a.ownerId)
    .where("b.credits", ">=", a.credits)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("owners as o")
          .select("o.id")
          .whereRef("o.id", "=", "b.owner_id")
          .where("o.id", "=", a.ownerId)
          .where("o.kind", "=", "user"),
      ),
    )
    .limit(1),
);

test("a query compiled once answers each call with that call's values", async () => {
  const rich = await mintOwner(database.db, { credits: 900 });
  const poor = await mintOwner(database.db, { credits: 20 });
  const run = (ownerId: string, credits: number) => balanceAtLeast(database.db, { ownerId, credits });
  assert.deepEqual(
    (await run(rich.ownerId, 500)).map((row) => ({ ...row })),
    [{ owner_id: rich.ownerId, credits: 900 }],
  );
  assert.deepEqual(await run(poor.ownerId, 500), []);
  assert.deepEqual(
    (await run(poor.ownerId, 20)).map((row) => ({ ...row })),
    [{ owner_id: poor.ownerId, credits: 20 }],
  );
  assert.deepEqual(await run("no-such-owner", 0), []);
});
