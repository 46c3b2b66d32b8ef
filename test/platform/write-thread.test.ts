import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { sql } from "kysely";
import { type DatabaseHandle, openDatabase } from "../../src/platform/db/connect.ts";
import { runWrite } from "../../src/platform/db/write-task.ts";
import { addNoteTask, addNoteThenFailTask } from "../helpers/note-writes.ts";

// The embedded database is SQLite whichever engine the suite runs on, so this runs in both passes.
let dir: string;
let database: DatabaseHandle;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), "padron-write-thread-"));
  database = openDatabase(`sqlite:${join(dir, "padron.db")}`);
  await sql`create table notes (id integer primary key, body text not null unique)`.execute(database.db);
});
after(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const notes = async () =>
  (await sql<{ body: string }>`select body from notes order by id`.execute(database.db)).rows.map(
    (row) => row.body,
  );

test("writes sent together commit together; one that fails is undone alone and rejects", async () => {
  const results = await Promise.allSettled([
    runWrite(database.db, addNoteTask, "a"),
    runWrite(database.db, addNoteThenFailTask, "b"),
    runWrite(database.db, addNoteTask, "c"),
    runWrite(database.db, addNoteTask, "a"), // unique violation
  ]);
  assert.deepEqual(
    results.map((r) => r.status),
    ["fulfilled", "rejected", "fulfilled", "rejected"],
  );
  assert.match(String((results[1] as PromiseRejectedResult).reason), /refused b/);
  assert.deepEqual(await notes(), ["a", "c"]);
  // Each write saw the ones before it in the same transaction.
  assert.deepEqual(
    results.filter((r) => r.status === "fulfilled").map((r) => (r as PromiseFulfilledResult<number>).value),
    [1, 2],
  );
});

test("the request thread's own transactions that read then write never fail against the thread's commits", async () => {
  const thread = Array.from({ length: 300 }, (_, i) => runWrite(database.db, addNoteTask, `t${i}`));
  const here = Array.from({ length: 100 }, (_, i) =>
    database.db.transaction().execute(async (trx) => {
      const rows = await sql<{ n: number }>`select count(*) as n from notes`.execute(trx);
      await sql`insert into notes (body) values (${`m${i}-${rows.rows[0].n}`})`.execute(trx);
    }),
  );
  await Promise.all([...thread, ...here]);
  const bodies = await notes();
  assert.equal(bodies.filter((body) => body.startsWith("t")).length, 300);
  assert.equal(bodies.filter((body) => body.startsWith("m")).length, 100);
});

test("closing waits for the writes already sent", async () => {
  const path = join(dir, "closing.db");
  const other = openDatabase(`sqlite:${path}`);
  await sql`create table notes (id integer primary key, body text not null unique)`.execute(other.db);
  const sent = Array.from({ length: 50 }, (_, i) => runWrite(other.db, addNoteTask, `n${i}`));
  await other.close();
  assert.equal((await Promise.all(sent)).length, 50);
  const reopened = openDatabase(`sqlite:${path}`);
  try {
    const rows = await sql<{ n: number }>`select count(*) as n from notes`.execute(reopened.db);
    assert.equal(Number(rows.rows[0].n), 50);
  } finally {
    await reopened.close();
  }
});
