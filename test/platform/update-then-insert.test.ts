import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { takeFromBalance } from "../../src/credits/charge-credits.ts";
import { LEDGER_COLUMNS } from "../../src/credits/charge-together.ts";
import { readBalance } from "../../src/credits/read-balance.ts";
import type { LedgerTable } from "../../src/platform/db/schema.ts";
import { updateThenInsert } from "../../src/platform/db/update-then-insert.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { mintOwner } from "../helpers/owners.ts";

let database: TestDatabase;
before(async () => {
  database = await freshDatabase();
});
after(() => database.close());

const row = (ownerId: string, requestId: string, kind = "charge"): Omit<LedgerTable, "id"> => ({
  owner_id: ownerId,
  kind: kind as LedgerTable["kind"],
  credits: -2,
  allowance: 0,
  operation: "sat-lists",
  request_id: requestId,
  note: null,
  created_at: 1_700_000_000_123,
});

const takeThenRecord = updateThenInsert(
  (db, a: { ownerId: string; amount: number; now: number }) => takeFromBalance(db, "credits", a),
  "ledger",
  LEDGER_COLUMNS,
);
const take = (ownerId: string, amount: number) => ({ ownerId, amount, now: Date.now() });

const ledgerOf = async (ownerId: string) =>
  (
    await database.db
      .selectFrom("ledger")
      .select(["kind", "credits", "allowance", "operation", "request_id", "note", "created_at"])
      .where("owner_id", "=", ownerId)
      .where("kind", "=", "charge")
      .orderBy("request_id")
      .execute()
  ).map((entry) => ({ ...entry }));

test("an update that changes a row inserts the rows with it and answers the returned row", async () => {
  const { ownerId } = await mintOwner(database.db, { credits: 10 });
  const rows = [row(ownerId, "req_a"), row(ownerId, "req_b")];
  const changed = await takeThenRecord(database, take(ownerId, 4), rows);
  assert.deepEqual({ ...changed }, { credits: 6 });
  assert.deepEqual(
    await ledgerOf(ownerId),
    rows.map(({ owner_id, ...rest }) => rest),
  );
});

test("an update that changes nothing inserts nothing", async () => {
  const { ownerId } = await mintOwner(database.db, { credits: 3 });
  const changed = await takeThenRecord(database, take(ownerId, 4), [row(ownerId, "req_c")]);
  assert.equal(changed, undefined);
  assert.deepEqual(await ledgerOf(ownerId), []);
  assert.equal((await readBalance(database.db, ownerId)).credits, 3);
});

test("an insert that fails undoes the update", async () => {
  const { ownerId } = await mintOwner(database.db, { credits: 10 });
  const broken = { ...row(ownerId, "req_d"), kind: null as unknown as LedgerTable["kind"] };
  await assert.rejects(takeThenRecord(database, take(ownerId, 4), [row(ownerId, "req_e"), broken]));
  assert.equal((await readBalance(database.db, ownerId)).credits, 10);
  assert.deepEqual(await ledgerOf(ownerId), []);
});

test("rows keep every value through the one JSON parameter: nulls, epoch ms, quotes, Ñ, any count", async () => {
  const { ownerId } = await mintOwner(database.db, { credits: 1_000 });
  const rows = Array.from({ length: 250 }, (_, i) => ({
    ...row(ownerId, `req_${String(i).padStart(3, "0")}`),
    credits: -(i + 1),
    operation: i % 2 ? null : `búsqueda "RFC" 'MUÑ&' \\ ${i}`,
    note: i % 3 ? null : "línea\nnueva\ttab",
    created_at: 1_796_555_847_401 + i,
  }));
  await takeThenRecord(database, take(ownerId, 250), rows);
  assert.deepEqual(
    await ledgerOf(ownerId),
    rows.map(({ owner_id, ...rest }) => rest),
  );
});
