import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { sql } from "kysely";
import { type DatabaseHandle, openDatabase } from "../../src/platform/db/connect.ts";
import { freshDatabase, TEST_ENGINE, type TestDatabase } from "../helpers/database.ts";

const skip = TEST_ENGINE !== "postgres" && "a PostgreSQL session setting";
let database: TestDatabase;
let bulk: DatabaseHandle;
before(async () => {
  if (skip) return;
  database = await freshDatabase({ migrate: false });
  bulk = openDatabase(database.url, { poolSize: 2, role: "bulk" });
});
after(async () => {
  if (skip) return;
  await bulk.close();
  await database.close();
});

const flushAfter = async (handle: DatabaseHandle) =>
  (await sql<{ backend_flush_after: string }>`show backend_flush_after`.execute(handle.db)).rows[0]
    .backend_flush_after;

test("a bulk writer's connections start the writeback of their writes every 256 kB", { skip }, async () => {
  // Two at once, so a second connection, if the pool opens one, is checked too.
  const settings = await Promise.all([flushAfter(bulk), flushAfter(bulk)]);
  assert.deepEqual(settings, ["256kB", "256kB"]);
});

test("a serving connection keeps PostgreSQL's default, no early writeback", { skip }, async () => {
  assert.equal(await flushAfter(database), "0");
});
