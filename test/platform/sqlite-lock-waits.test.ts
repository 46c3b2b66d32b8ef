import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { type DatabaseHandle, openDatabase } from "../../src/platform/db/connect.ts";

// Another connection (the registration sync, a CLI command) holds SQLite's one write lock. A serving
// connection's write waits for it without sleeping on the thread, and its reads go on meanwhile.
// The embedded database is SQLite whichever engine the suite runs on, so this runs in both passes.
describe("a serving SQLite connection waiting for another connection's write lock", () => {
  let dir: string;
  let database: DatabaseHandle;
  let other: DatabaseSync;
  const count = async () =>
    (await sql<{ n: number }>`select count(*) as n from notes`.execute(database.db)).rows[0].n;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "padron-lock-"));
    const path = join(dir, "padron.db");
    database = openDatabase(`sqlite:${path}`);
    await sql`create table notes (id integer primary key, body text not null)`.execute(database.db);
    other = new DatabaseSync(path);
  });
  after(async () => {
    other.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [kind, write] of [
    ["a statement", (db: DatabaseHandle["db"]) => sql`insert into notes (body) values ('mine')`.execute(db)],
    [
      "a transaction",
      (db: DatabaseHandle["db"]) =>
        db.transaction().execute((trx) => sql`insert into notes (body) values ('mine')`.execute(trx)),
    ],
  ] as const)
    test(`${kind} waits while reads are answered, then writes once the lock is free`, async () => {
      const before = await count();
      other.exec("begin immediate; insert into notes (body) values ('theirs')");
      let written = false;
      const writing = write(database.db).then(() => {
        written = true;
      });
      await sleep(30);
      assert.equal(await count(), before, "a read is answered while the write waits");
      assert.equal(written, false);
      other.exec("commit");
      await writing;
      assert.equal(await count(), before + 2);
    });
});
