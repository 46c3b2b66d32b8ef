import assert from "node:assert/strict";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { sql } from "kysely";
import { openDatabase } from "../../src/platform/db/connect.ts";

// The embedded database is SQLite whichever engine the suite runs on, so this runs in both passes.
test("a WAL written to without a pause starts over once it is long instead of growing", async () => {
  const dir = mkdtempSync(join(tmpdir(), "padron-wal-"));
  const path = join(dir, "padron.db");
  const database = openDatabase(`sqlite:${path}`);
  try {
    await sql`create table notes (id integer primary key, body text not null)`.execute(database.db);
    const body = "x".repeat(2000);
    let written = 0;
    // Back-to-back transactions, a turn of the event loop between them, as between requests.
    for (let i = 0; i < 600; i++) {
      await database.db.transaction().execute(async (trx) => {
        for (let j = 0; j < 20; j++) await sql`insert into notes (body) values (${body})`.execute(trx);
      });
      written += 20 * body.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Never started over, the WAL would hold every page written: more than the rows themselves.
    const wal = statSync(`${path}-wal`).size;
    assert.ok(wal < written * 0.6, `WAL is ${wal} bytes after ${written} bytes of rows`);
    const rows = await sql<{ n: number }>`select count(*) as n from notes`.execute(database.db);
    assert.equal(Number(rows.rows[0].n), 12_000);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
