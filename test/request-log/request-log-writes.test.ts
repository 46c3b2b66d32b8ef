import assert from "node:assert/strict";
import { test } from "node:test";
import { createRequestLogWriter } from "../../src/request-log/record-api-requests.ts";
import { startTestApp } from "../helpers/app.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { mintOwner } from "../helpers/owners.ts";

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

const logOf = (database: TestDatabase) =>
  database.db.selectFrom("api_requests").selectAll().orderBy("id").execute();

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
  } finally {
    await padron.close();
  }
});

test("stopping the writer commits what it still held", async () => {
  const database = await freshDatabase();
  try {
    const owner = await mintOwner(database.db);
    const writer = createRequestLogWriter(
      database.db,
      (task, error) => assert.fail(`${task}: ${error}`),
      60_000,
      1_000,
    );
    for (let i = 0; i < 250; i++) writer.add(rowOf(owner.ownerId, `req_${i}`));
    await writer.stop();
    const rows = await logOf(database);
    assert.deepEqual(
      rows.map((row) => row.request_id),
      Array.from({ length: 250 }, (_, i) => `req_${i}`),
    );
  } finally {
    await database.close();
  }
});
