import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { migrateToLatest } from "../../src/platform/db/migrate.ts";
import { up as moveRequestLog } from "../../src/platform/db/migrations/0008_request_log_file.ts";
import { createRequestLogWriter } from "../../src/request-log/record-api-requests.ts";
import { startTestApp } from "../helpers/app.ts";
import { freshDatabase, migrateThrough, TEST_ENGINE, type TestDatabase } from "../helpers/database.ts";
import { mintOwner } from "../helpers/owners.ts";

const onSqlite = TEST_ENGINE === "sqlite";

/** The tables a SQLite file holds, read by a connection of its own. */
function tablesIn(file: string): string[] {
  const database = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = database.prepare("select name from sqlite_master where type = 'table'").all();
    return rows.map((row) => String(row.name));
  } finally {
    database.close();
  }
}

const rowOf = (ownerId: string, requestId: string) => ({
  request_id: requestId,
  owner_id: ownerId,
  key_id: "key_1",
  method: "POST",
  operation: "rfc/sat-lists",
  rfc: "AAG090703QT6",
  status: 200,
  credits: 1,
  latency_ms: 2,
  created_at: 1_700_000_000_000,
  mode: "live" as const,
  outcome: "listed",
});

/** A row as the log had it before 0013 added the key's mode and the outcome. */
const oldRowOf = (ownerId: string, requestId: string) => {
  const { mode: _mode, outcome: _outcome, ...row } = rowOf(ownerId, requestId);
  return row;
};

const logOf = (database: TestDatabase) =>
  database.db.selectFrom("api_requests").selectAll().orderBy("id").execute();

test("0008 keeps every request-log row with its id; on SQLite they move to the log's own file", async () => {
  const database = await freshDatabase({ migrate: false });
  try {
    await migrateThrough(database, "0007_lighter_ledger_writes");
    const owner = await mintOwner(database.db);
    await database.db
      .insertInto("api_requests")
      .values([oldRowOf(owner.ownerId, "req_a"), oldRowOf(owner.ownerId, "req_b")])
      .execute();
    const before = await logOf(database);

    await migrateThrough(database, "0008_request_log_file");
    assert.deepEqual(await logOf(database), before);
    if (database.requestLogFile) {
      assert.ok(tablesIn(database.requestLogFile).includes("api_requests"));
      assert.ok(!tablesIn(database.url.slice("sqlite:".length)).includes("api_requests"));
    }
    await moveRequestLog(database.db as never, database.engine);
    assert.deepEqual(await logOf(database), before, "run again, it changes nothing");

    // 0013 adds the key's mode and the outcome where the log is (its own file on SQLite): old rows have none.
    await migrateToLatest(database);
    const upgraded = before.map((row) => ({ ...row, mode: null, outcome: null }));
    assert.deepEqual(
      (await logOf(database)).map((row) => ({ ...row })),
      upgraded,
    );
  } finally {
    await database.close();
  }
});

test("API calls are logged through the log's writer and read back through the database", async () => {
  const padron = await startTestApp();
  try {
    const owner = await mintOwner(padron.database.db);
    for (const rfc of ["AAG090703QT6", "NOT-AN-RFC"])
      await padron.app.inject({
        method: "POST",
        url: "/v1/rfc/sat-lists",
        headers: { "x-api-key": owner.key },
        payload: { rfc },
      });
    await padron.requestLog.flush();
    const rows = await padron.database.db
      .selectFrom("api_requests")
      .select(["rfc", "status"])
      .where("owner_id", "=", owner.ownerId)
      .orderBy("id")
      .execute();
    assert.deepEqual(
      rows.map((row) => [row.rfc, Number(row.status)]),
      [
        ["AAG090703QT6", 200],
        ["NOT-AN-RFC", 422],
      ],
    );
    assert.equal(Boolean(padron.database.requestLogFile), onSqlite, "SQLite files have a log file");
  } finally {
    await padron.close();
  }
});

test("stopping the writer commits what it still held", async () => {
  const database = await freshDatabase();
  try {
    const owner = await mintOwner(database.db);
    const writer = createRequestLogWriter(database, 60_000, 1_000);
    for (let i = 0; i < 250; i++) writer.add(rowOf(owner.ownerId, `req_${i}`));
    await writer.stop();
    const rows = await logOf(database);
    assert.deepEqual(
      rows.map((row) => row.request_id),
      Array.from({ length: 250 }, (_, i) => `req_${i}`),
    );
    if (database.requestLogFile) {
      const file = new DatabaseSync(database.requestLogFile, { readOnly: true });
      const { count } = file.prepare("select count(*) as count from api_requests").get() as { count: number };
      file.close();
      assert.equal(count, 250, "written to the log's own file");
    }
  } finally {
    await database.close();
  }
});
