import assert from "node:assert/strict";
import { test } from "node:test";
import { sql } from "kysely";
import { openDatabase } from "../../src/platform/db/connect.ts";
import { freshDatabase, TEST_ENGINE } from "../helpers/database.ts";

const setting = sql<{ value: string }>`select current_setting('synchronous_commit') as value`;

test("a writer opened with durableCommits: false commits without waiting for the WAL flush; others wait", {
  skip: TEST_ENGINE !== "postgres" && "PostgreSQL's synchronous_commit",
}, async () => {
  const database = await freshDatabase({ migrate: false });
  const redoable = openDatabase(database.url, { poolSize: 2, role: "bulk", durableCommits: false });
  try {
    assert.equal((await setting.execute(redoable.db)).rows[0].value, "off");
    assert.equal((await setting.execute(database.db)).rows[0].value, "on");
  } finally {
    await redoable.close();
    await database.close();
  }
});
