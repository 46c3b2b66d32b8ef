import assert from "node:assert/strict";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { openDatabase } from "../../src/platform/db/connect.ts";

// The embedded database is SQLite whichever engine the suite runs on, so this runs in both passes.
test("SQLite's WAL is checkpointed by the background thread, not by the connection that writes", async () => {
  const dir = mkdtempSync(join(tmpdir(), "padron-checkpoint-"));
  const path = join(dir, "padron.db");
  const database = openDatabase(`sqlite:${path}`);
  try {
    const autocheckpoint = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
      database.db,
    );
    assert.equal(Number(autocheckpoint.rows[0].wal_autocheckpoint), 0, "the writer never checkpoints");
    await sql`create table notes (id integer primary key, body text not null)`.execute(database.db);
    const sizeBefore = statSync(path).size;
    const body = "x".repeat(500);
    for (let i = 0; i < 20; i++) {
      await database.db.transaction().execute(async (trx) => {
        for (let j = 0; j < 100; j++) await sql`insert into notes (body) values (${body})`.execute(trx);
      });
    }
    // ~1 MB written to the WAL; it reaches the database file only through a checkpoint.
    for (let i = 0; i < 1000 && statSync(path).size < sizeBefore + 500_000; i++) await sleep(10);
    assert.ok(statSync(path).size >= sizeBefore + 500_000, `database file is ${statSync(path).size} bytes`);
    const rows = await sql<{ n: number }>`select count(*) as n from notes`.execute(database.db);
    assert.equal(Number(rows.rows[0].n), 2000);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a WAL written to without a pause starts over once it is long instead of growing", async () => {
  const dir = mkdtempSync(join(tmpdir(), "padron-checkpoint-"));
  const path = join(dir, "padron.db");
  // Started over from 256 frames (1 MiB) on: the default is 64 MiB, more than this test writes.
  const database = openDatabase(`sqlite:${path}`, { checkpoints: { intervalMs: 500, restartFrames: 256 } });
  try {
    await sql`create table notes (id integer primary key, body text not null)`.execute(database.db);
    const body = "x".repeat(2000);
    let written = 0;
    // 4 s of back-to-back transactions (a turn of the event loop between them, as between requests).
    const until = Date.now() + 4000;
    while (Date.now() < until) {
      await database.db.transaction().execute(async (trx) => {
        for (let j = 0; j < 20; j++) await sql`insert into notes (body) values (${body})`.execute(trx);
      });
      written += 20 * body.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Never started over, the WAL would hold every page written: more than the rows themselves.
    const wal = statSync(`${path}-wal`).size;
    assert.ok(written > 10_000_000, `only ${written} bytes written`);
    assert.ok(wal < written * 0.6, `WAL is ${wal} bytes after ${written} bytes of rows`);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
