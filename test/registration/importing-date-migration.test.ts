import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { sql } from "kysely";
import { freshDatabase, migrateThrough, type TestDatabase } from "../helpers/database.ts";

let database: TestDatabase;
before(async () => {
  database = await freshDatabase({ migrate: false });
});
after(() => database.close());

test("0019 names the date a killed import of each mode left, found within the mode's own keys", async () => {
  await migrateThrough(database, "0018_registered_rfc_blocks");
  const db = database.db;
  const sandboxKey = 2 ** 50 + 123;
  await sql`insert into registration_lists (mode, list, published_date, first_date, version, row_count)
    values ('live', 'rfc', 17573, 17573, null, 3), ('sandbox', 'rfc', 17574, 17572, null, 3),
      ('live', 'certificates', 17573, 17573, 7, 9)`.execute(db);
  // Live wrote 17575 and never published it; the sandbox's 17574 is published, its 17577 is not.
  await sql`insert into registered_rfc_changes (list_date, key, kind, flags)
    values (17575, 123, 2, 0), (17574, ${sandboxKey}, 4, 1), (17577, ${sandboxKey}, 4, 0)`.execute(db);

  await migrateThrough(database, "0019_registration_importing_date");

  const lists = await db
    .selectFrom("registration_lists")
    .select(["mode", "list", "importing_date"])
    .orderBy("mode")
    .orderBy("list")
    .execute();
  assert.deepEqual(
    lists.map((row) => ({
      ...row,
      importing_date: row.importing_date === null ? null : Number(row.importing_date),
    })),
    [
      { mode: "live", list: "certificates", importing_date: null },
      { mode: "live", list: "rfc", importing_date: 17575 },
      { mode: "sandbox", list: "rfc", importing_date: 17577 },
    ],
  );
});
