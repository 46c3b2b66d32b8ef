import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { syncedListFiles } from "../../src/contributor-lists/catalog.ts";
import { readListStatus } from "../../src/contributor-lists/read-list-status.ts";
import { syncLists } from "../../src/contributor-lists/sync-lists.ts";
import { buildListRows } from "../../src/sandbox/population/build-list-rows.ts";
import { describeScenarios } from "../../src/sandbox/scenario-expectations.ts";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";

describe("sandbox lists: sync from the sandbox server, answer test keys", () => {
  let sandbox: RunningSandbox;
  let app: TestApp;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 7, size: 3000, timeScale: 0 });
    app = await startTestApp();
  });
  after(async () => {
    await app.close();
    await sandbox.close();
  });

  it("syncs every list fully: row counts equal what the sandbox published", async () => {
    const results = await syncLists(app.database.db, {
      mode: "sandbox",
      baseUrl: sandbox.url,
      minRowRatio: 0.5,
      timeoutMs: 10_000,
      retries: 1,
      retryDelayMs: 1,
    });
    const published = syncedListFiles().map((file) => [
      file.key,
      "replaced",
      buildListRows(sandbox.population, file.fileName).length,
    ]);
    assert.deepEqual(
      results.map((r) => [r.list, r.status, r.rows]),
      published,
    );
    assert.ok(published.every(([, , rows]) => Number(rows) > 0));
    const status = await readListStatus(app.database.db, "sandbox");
    assert.deepEqual(
      status.map((s) => [s.list, s.rows]).sort(),
      published.map(([list, , rows]) => [list, rows]).sort(),
    );
    assert.ok((await readListStatus(app.database.db, "live")).every((s) => !s.loaded));
  });

  it("every scenario's list memberships come back from POST /v1/rfc/sat-lists with a test key", async () => {
    const { key } = await mintOwner(app.database.db, { mode: "test" });
    const live = await mintOwner(app.database.db, { credits: 1000 });
    const scenarios = describeScenarios(sandbox.population).filter((s) => s.expect.lists.length > 0);
    assert.ok(scenarios.length > 0, "the sandbox has listed scenarios");
    let checked = 0;
    for (const scenario of scenarios) {
      const response = await app.app.inject({
        method: "POST",
        url: "/v1/rfc/sat-lists",
        headers: { "x-api-key": key },
        payload: { rfc: scenario.rfc },
      });
      if (response.statusCode === 422) continue; // magic RFCs built to be structurally invalid
      assert.equal(response.statusCode, 200, scenario.rfc);
      const got = new Set(
        response
          .json()
          .sat_lists.map((e: { article: string; situation: string }) => `${e.article}|${e.situation}`),
      );
      const expected = new Set(scenario.expect.lists.map((l) => `${l.article}|${l.situation}`));
      assert.deepEqual(got, expected, scenario.rfc);
      checked++;
      const liveAnswer = await app.app.inject({
        method: "POST",
        url: "/v1/rfc/sat-lists",
        headers: { "x-api-key": live.key },
        payload: { rfc: scenario.rfc },
      });
      // Live has no list loaded here: unknown (null), never the sandbox's entries.
      assert.equal(liveAnswer.json().sat_lists, null, "live keys never see sandbox lists");
    }
    assert.ok(checked >= scenarios.length / 2, `${checked} of ${scenarios.length} listed scenarios checked`);
  });
});
