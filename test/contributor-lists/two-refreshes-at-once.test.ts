import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { syncedListFiles } from "../../src/contributor-lists/catalog.ts";
import { readListStatus } from "../../src/contributor-lists/read-list-status.ts";
import { syncLists } from "../../src/contributor-lists/sync-lists.ts";
import { openDatabase } from "../../src/platform/db/connect.ts";
import { buildListRows } from "../../src/sandbox/population/build-list-rows.ts";
import { describeScenarios } from "../../src/sandbox/scenario-expectations.ts";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";

let sandbox: RunningSandbox;
let h: TestApp;
before(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7, size: 3000, timeScale: 0 });
  h = await startTestApp();
});
after(async () => {
  await h.close();
  await sandbox.close();
});

test("two workers refreshing the lists at once: every list loaded once, no failure, nothing stray", async () => {
  const other = openDatabase(h.database.url);
  const options = {
    mode: "sandbox" as const,
    baseUrl: sandbox.url,
    minRowRatio: 0.5,
    timeoutMs: 10_000,
    retries: 1,
    retryDelayMs: 1,
  };
  const both = await Promise.all([syncLists(h.database.db, options), syncLists(other.db, options)]);
  await other.close();
  const failed = both.flat().filter((result) => result.status === "failed");
  assert.deepEqual(failed, []);

  const published = new Map(
    syncedListFiles().map((file) => [file.key, buildListRows(sandbox.population, file.fileName).length]),
  );
  const statuses = await readListStatus(h.database.db, "sandbox");
  assert.deepEqual(
    statuses.map((s) => [s.list, s.rows]),
    statuses.map((s) => [s.list, published.get(s.list)]),
  );
  const pointers = await h.database.db
    .selectFrom("list_current")
    .select("version_id")
    .where("mode", "=", "sandbox")
    .execute();
  assert.equal(pointers.length, published.size);
  const markedCurrent = await h.database.db
    .selectFrom("list_versions")
    .select("id")
    .where("mode", "=", "sandbox")
    .where("status", "=", "current")
    .execute();
  assert.deepEqual(
    markedCurrent.map((v) => Number(v.id)).sort(),
    pointers.map((p) => Number(p.version_id)).sort(),
    "no version marked current that no list points to (prune would never delete it)",
  );

  const { key } = await h.owner({ mode: "test" });
  for (const scenario of describeScenarios(sandbox.population).filter((s) => s.expect.lists.length > 0)) {
    const answer = await h.call(key, "POST", "/v1/rfc/sat-lists", { rfc: scenario.rfc });
    if (answer.status === 422) continue;
    const found = answer.body.sat_lists as { article: string; situation: string }[];
    assert.deepEqual(
      new Set(found.map((e) => `${e.article}|${e.situation}`)),
      new Set(scenario.expect.lists.map((l) => `${l.article}|${l.situation}`)),
      scenario.rfc,
    );
  }
});
