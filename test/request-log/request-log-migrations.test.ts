import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { sql } from "kysely";
import { openDatabase } from "../../src/platform/db/connect.ts";
import { migrateToLatest } from "../../src/platform/db/migrate.ts";
import { readOnlyUri } from "../../src/platform/db/sqlite.ts";
import { freshDatabase, migrateThrough } from "../helpers/database.ts";
import { mintOwner } from "../helpers/owners.ts";

/** A row as the log had it before 0013 added the key's mode and the outcome. */
const oldRowOf = (ownerId: string, requestId: string) => ({
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
});

const plain = (rows: object[]) => rows.map((row) => ({ ...row }) as Record<string, unknown>);

/**
 * A SQLite file as the service left it before 0016: migrated through `through`, its request log in
 * `padron-requests.db` beside it (moved there by 0008, attached read-only as the service did).
 */
async function oldLayout(through: string) {
  const dir = mkdtempSync(join(tmpdir(), "padron-old-log-"));
  const path = join(dir, "padron.db");
  const logFile = join(dir, "padron-requests.db");
  const database = openDatabase(`sqlite:${path}`);
  await migrateThrough(database, "0007_lighter_ledger_writes");
  const owner = await mintOwner(database.db);
  const rows = [oldRowOf(owner.ownerId, "req_a"), oldRowOf(owner.ownerId, "req_b")];
  await database.db.insertInto("api_requests").values(rows).execute();
  new DatabaseSync(logFile).exec("PRAGMA journal_mode = WAL");
  await sql`attach database ${readOnlyUri(logFile)} as requests`.execute(database.db);
  await migrateThrough(database, through);
  await database.close();
  const log = new DatabaseSync(logFile);
  const readLog = () => plain(log.prepare("select * from api_requests order by id").all());
  return { dir, path, logFile, log, readLog, ownerId: owner.ownerId };
}

async function migrateAndRead(path: string) {
  const database = openDatabase(`sqlite:${path}`);
  try {
    await migrateToLatest(database);
    return plain(await database.db.selectFrom("api_requests").selectAll().orderBy("id").execute());
  } finally {
    await database.close();
  }
}

// Built on a SQLite file whichever engine the suite runs on (PostgreSQL never had the log's file).
test("0016 moves a request log's own file back into the database file, every row and id kept", async () => {
  const old = await oldLayout("0015_idempotency_keys_by_mode");
  try {
    // Written by the log's thread after 0013: with the key's mode and the outcome.
    old.log
      .prepare(`insert into api_requests (request_id, owner_id, key_id, method, operation, rfc, status, credits,
        latency_ms, created_at, mode, outcome) values ('req_c', ?, 'key_1', 'POST', 'rfc/sat-lists', null, 422, 0,
        1, 1700000000001, 'live', 'invalid_rfc')`)
      .run(old.ownerId);
    const before = old.readLog();
    old.log.close();
    assert.deepEqual(
      before.map((row) => [row.request_id, row.mode]),
      [
        ["req_a", null],
        ["req_b", null],
        ["req_c", "live"],
      ],
    );

    assert.deepEqual(await migrateAndRead(old.path), before);
    for (const file of [old.logFile, `${old.logFile}-wal`, `${old.logFile}-shm`])
      assert.ok(!existsSync(file), `${file} is removed`);
    assert.deepEqual(await migrateAndRead(old.path), before, "opened again, nothing changes");
  } finally {
    rmSync(old.dir, { recursive: true, force: true });
  }
});

test("a database left between 0008 and 0013 gets the log's new columns in the main file", async () => {
  const old = await oldLayout("0011_list_refreshes");
  try {
    const before = old.readLog();
    old.log.close();
    assert.equal(before.length, 2);
    const upgraded = before.map((row) => ({ ...row, mode: null, outcome: null }));
    assert.deepEqual(await migrateAndRead(old.path), upgraded);
    assert.ok(!existsSync(old.logFile));
  } finally {
    rmSync(old.dir, { recursive: true, force: true });
  }
});

test("every migration keeps the request log's rows in the database (0008 no longer moves them)", async () => {
  const database = await freshDatabase({ migrate: false });
  try {
    await migrateThrough(database, "0007_lighter_ledger_writes");
    const owner = await mintOwner(database.db);
    const rows = [oldRowOf(owner.ownerId, "req_a"), oldRowOf(owner.ownerId, "req_b")];
    await database.db.insertInto("api_requests").values(rows).execute();
    const read = () => database.db.selectFrom("api_requests").selectAll().orderBy("id").execute();
    const before = plain(await read());

    await migrateToLatest(database);
    assert.deepEqual(
      plain(await read()),
      plain(before.map((row) => ({ ...row, mode: null, outcome: null }))),
    );
  } finally {
    await database.close();
  }
});
