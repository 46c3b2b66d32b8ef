import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { sql } from "kysely";
import { freshDatabase, migrateThrough, type TestDatabase } from "../helpers/database.ts";

let database: TestDatabase;
before(async () => {
  database = await freshDatabase({ migrate: false });
});
after(() => database.close());

test("0018 replaces registered_rfcs by blocks and resets the rfc list so the next sync re-imports", async () => {
  await migrateThrough(database, "0017_write_probes");
  const db = database.db;
  await sql`insert into registration_lists (mode, list, published_date, first_date, version, row_count)
    values ('live', 'rfc', 20412, 20400, null, 3), ('live', 'certificates', 20412, 20400, 7, 9)`.execute(db);
  await sql`insert into registration_imports (mode, list, list_date, status, started_at, row_count)
    values ('live', 'rfc', 20412, 'current', 1, 3), ('live', 'certificates', 20412, 'current', 1, 9)`.execute(
    db,
  );
  await sql`insert into registered_rfcs (key, since, changed_on, flags, removed_on)
    values (123, 20400, 20412, 1, null)`.execute(db);
  await sql`insert into registered_rfc_changes (list_date, key, kind, flags) values (20412, 123, 4, 1)`.execute(
    db,
  );

  await migrateThrough(database, "0018_registered_rfc_blocks");

  const lists = await db
    .selectFrom("registration_lists")
    .select(["list", "published_date", "first_date", "version", "row_count"])
    .orderBy("list")
    .execute();
  assert.deepEqual(
    lists.map((row) => ({ ...row, row_count: Number(row.row_count) })),
    [
      { list: "certificates", published_date: 20412, first_date: 20400, version: 7, row_count: 9 },
      { list: "rfc", published_date: null, first_date: null, version: null, row_count: 0 },
    ],
  );
  const imports = await db.selectFrom("registration_imports").select("list").execute();
  assert.deepEqual(
    imports.map((row) => row.list),
    ["certificates"],
  );
  assert.deepEqual(await db.selectFrom("registered_rfc_changes").selectAll().execute(), []);
  assert.deepEqual(await db.selectFrom("registered_rfc_blocks").selectAll().execute(), []);
  await assert.rejects(sql`select count(*) from registered_rfcs`.execute(db));
});
