import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { sql } from "kysely";
import { freshDatabase, migrateThrough, type TestDatabase } from "../helpers/database.ts";

let database: TestDatabase;
before(async () => {
  database = await freshDatabase({ migrate: false });
});
after(() => database.close());

test("0015 keeps each stored key under both modes, so a retry after the upgrade still replays", async () => {
  await migrateThrough(database, "0014_registration");
  await sql`insert into idempotency_keys (owner_id, key, fingerprint, status, locked_until,
      response_status, response_headers, response_body, created_at, expires_at)
    values ('own_1', 'order-42', 'fp', 'done', 0, 200, '{}', '{"ok":true}', 1000, 2000)`.execute(database.db);

  await migrateThrough(database, "0015_idempotency_keys_by_mode");

  const rows = await database.db.selectFrom("idempotency_keys").selectAll().orderBy("mode").execute();
  assert.deepEqual(
    rows.map((row) => [
      row.owner_id,
      row.mode,
      row.key,
      row.status,
      row.response_body,
      Number(row.expires_at),
    ]),
    [
      ["own_1", "live", "order-42", "done", '{"ok":true}', 2000],
      ["own_1", "test", "order-42", "done", '{"ok":true}', 2000],
    ],
  );
  const sameKeyOtherMode = { ...rows[0], mode: "test" as const };
  await assert.rejects(database.db.insertInto("idempotency_keys").values(sameKeyOtherMode).execute());
});
