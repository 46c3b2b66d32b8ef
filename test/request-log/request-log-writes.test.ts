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

test("an RFC cut inside an emoji never drops the request-log rows written with it", async () => {
  const padron = await startTestApp({ PADRON_VALIDATION_URL: "" });
  try {
    const owner = await mintOwner(padron.database.db);
    const other = await mintOwner(padron.database.db);
    const verify = (key: string, rfc: string) =>
      padron.app.inject({
        method: "POST",
        url: "/v1/rfc/verify",
        headers: { "x-api-key": key },
        payload: { rfc },
      });
    const good = await verify(other.key, "EKU9003173C9");
    const odd = await verify(owner.key, `${"A".repeat(19)}😀`);
    assert.deepEqual([good.statusCode, odd.statusCode], [200, 422]);
    await padron.requestLog.flush();
    const rfcOf = async (ownerId: string) =>
      (
        await padron.database.db
          .selectFrom("api_requests")
          .select("rfc")
          .where("owner_id", "=", ownerId)
          .execute()
      ).map((row) => row.rfc);
    assert.deepEqual(await rfcOf(other.ownerId), ["EKU9003173C9"]);
    assert.deepEqual(await rfcOf(owner.ownerId), [`${"A".repeat(19)}😀`], "20 code points, the emoji whole");
  } finally {
    await padron.close();
  }
});

test("a lone surrogate in one row is written as U+FFFD, and the rows beside it are kept", async () => {
  const database = await freshDatabase();
  try {
    const owner = await mintOwner(database.db);
    const writer = createRequestLogWriter(
      database.db,
      (task, error) => assert.fail(`${task}: ${error}`),
      60_000,
    );
    writer.add(rowOf(owner.ownerId, "req_before"));
    writer.add({ ...rowOf(owner.ownerId, "req_odd"), rfc: "AAA\ud83d", outcome: "\\ud83d as text" });
    writer.add(rowOf(owner.ownerId, "req_after"));
    await writer.stop();
    const rows = await logOf(database);
    assert.deepEqual(
      rows.map((row) => [row.request_id, row.rfc, row.outcome]),
      [
        ["req_before", "AAG090703QT6", "listed"],
        ["req_odd", "AAA\ufffd", "\\ud83d as text"],
        ["req_after", "AAG090703QT6", "listed"],
      ],
    );
  } finally {
    await database.close();
  }
});
