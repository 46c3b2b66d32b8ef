import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { sql } from "kysely";
import { openDatabase } from "../../src/platform/db/connect.ts";

const MiB = 1024 * 1024;
const run = promisify(execFile);

// The embedded database is SQLite whichever engine the suite runs on, so this runs in both passes.
test("the checkpoint thread copies a long WAL so that it starts over; the serving connection does not", async () => {
  const dir = mkdtempSync(join(tmpdir(), "padron-wal-"));
  const path = join(dir, "padron.db");
  const database = openDatabase(`sqlite:${path}`);
  const walSize = () => statSync(`${path}-wal`).size;
  try {
    const settings = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
      database.db,
    );
    assert.equal(
      settings.rows[0].wal_autocheckpoint,
      16_384,
      "the connection itself checkpoints only at 64 MiB",
    );
    await sql`create table notes (id integer primary key, body text not null)`.execute(database.db);
    const body = "x".repeat(2000);
    // 24 MB of rows in back-to-back transactions, as under a burst of requests.
    for (let i = 0; i < 600; i++) {
      await database.db.transaction().execute(async (trx) => {
        for (let j = 0; j < 20; j++) await sql`insert into notes (body) values (${body})`.execute(trx);
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Then one small write every 50 ms: once the thread has copied the WAL, a write starts it over
    // and the file is cut back to 16 MiB. Left to the connection alone it would keep every page.
    const deadline = Date.now() + 20_000;
    while (walSize() > 16 * MiB && Date.now() < deadline) {
      await sql`insert into notes (body) values ('tick')`.execute(database.db);
      await sleep(50);
    }
    assert.ok(walSize() <= 16 * MiB, `the WAL is still ${walSize()} bytes`);
    const rows = await sql<{ n: number }>`select count(*) as n from notes where body != 'tick'`.execute(
      database.db,
    );
    assert.equal(Number(rows.rows[0].n), 12_000);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("closing a file database settles in a process with nothing else to do", async () => {
  const dir = mkdtempSync(join(tmpdir(), "padron-close-"));
  const script = [
    `import { openDatabase } from ${JSON.stringify(new URL("../../src/platform/db/connect.ts", import.meta.url).href)};`,
    `const database = openDatabase(${JSON.stringify(`sqlite:${join(dir, "padron.db")}`)});`,
    "await database.close();",
    'process.stdout.write("closed");',
  ].join("\n");
  try {
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script]);
    assert.equal(stdout, "closed");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
