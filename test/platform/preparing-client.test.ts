import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  MOST_PREPARED_PARAMETERS,
  PREPARED_PER_CONNECTION,
  PreparingClient,
} from "../../src/platform/db/preparing-client.ts";
import { freshDatabase, TEST_ENGINE, type TestDatabase } from "../helpers/database.ts";

const skip = TEST_ENGINE !== "postgres" && "PostgreSQL's own client";
let database: TestDatabase;
let client: PreparingClient;
before(async () => {
  if (skip) return;
  database = await freshDatabase({ migrate: false });
  client = new PreparingClient({ connectionString: database.url });
  await client.connect();
  await client.query("create table things (id integer primary key, label text)");
  await client.query("insert into things values (1, 'one'), (2, 'two')");
});
after(async () => {
  if (skip) return;
  await client.end();
  await database.close();
});

const preparedCount = async () =>
  Number(
    ((await client.query("select count(*) as n from pg_prepared_statements")) as { rows: { n: string }[] })
      .rows[0].n,
  );

test("a statement with parameters is prepared once and then run by name", { skip }, async () => {
  const first = await client.query("select label from things where id = $1", [1]);
  const again = await client.query("select label from things where id = $1", [2]);
  assert.deepEqual([first.rows, again.rows], [[{ label: "one" }], [{ label: "two" }]]);
  assert.equal(await preparedCount(), 1);
});

test("a table changed under a prepared statement: it answers with the new columns", { skip }, async () => {
  const before = await client.query("select * from things where id = $1", [1]);
  assert.deepEqual(before.rows, [{ id: 1, label: "one" }]);
  await client.query("alter table things add column note text default 'n'");
  const afterChange = await client.query("select * from things where id = $1", [1]);
  assert.deepEqual(afterChange.rows, [{ id: 1, label: "one", note: "n" }]);
});

test("a statement with more parameters than a lookup's (a multi-row insert) is not prepared", {
  skip,
}, async () => {
  const before = await preparedCount();
  const ids = Array.from({ length: MOST_PREPARED_PARAMETERS + 1 }, (_, i) => i);
  const placeholders = ids.map((i) => `$${i + 1}`).join(", ");
  const { rows } = await client.query(
    `select count(*)::int as n from things where id in (${placeholders})`,
    ids,
  );
  assert.deepEqual(rows, [{ n: 2 }]);
  assert.equal(await preparedCount(), before);
});

test(`past ${PREPARED_PER_CONNECTION} statements a connection runs the rest unprepared`, {
  skip,
}, async () => {
  for (let i = 0; i < PREPARED_PER_CONNECTION + 20; i++) {
    const { rows } = await client.query(`select label, ${i} as n from things where id = $1`, [2]);
    assert.deepEqual(rows, [{ label: "two", n: i }]);
  }
  assert.equal(await preparedCount(), PREPARED_PER_CONNECTION);
});

test("a failing statement rejects with PostgreSQL's error, prepared or not, and the connection goes on", {
  skip,
}, async () => {
  const code = (error: unknown) => (error as { code?: string }).code;
  await assert.rejects(client.query("select * from missing where id = $1", [1]), (e) => code(e) === "42P01");
  await assert.rejects(client.query("select * from missing"), (e) => code(e) === "42P01");
  await assert.rejects(client.query("select 1 / $1::int", [0]), (e) => code(e) === "22012");
  const { rows } = await client.query("select label from things where id = $1", [1]);
  assert.deepEqual(rows, [{ label: "one" }]);
});

test("pg's other forms pass through: a callback, a config object", { skip }, async () => {
  const viaCallback = await new Promise((resolve, reject) =>
    client.query("select label from things where id = $1", [2], (error: Error | null, result: unknown) =>
      error ? reject(error) : resolve((result as { rows: unknown[] }).rows),
    ),
  );
  const viaConfig = await client.query({ text: "select label from things where id = $1", values: [1] });
  assert.deepEqual([viaCallback, viaConfig.rows], [[{ label: "two" }], [{ label: "one" }]]);
});
