import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { syncedListFiles } from "../../src/contributor-lists/catalog.ts";
import type { SyncFileResult } from "../../src/contributor-lists/list-store-types.ts";
import { readListStatus } from "../../src/contributor-lists/read-list-status.ts";
import { startListRefresh } from "../../src/contributor-lists/refresh-configured-lists.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { art69Rows, startListServer } from "./list-server.ts";

describe("startListRefresh", () => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startListServer>>;
  before(async () => {
    database = await freshDatabase();
    server = await startListServer();
    for (const file of syncedListFiles())
      server.publish(
        file.fileName,
        art69Rows(12).map((row) => (file.article === "69" ? row : { ...row, situation: "Presunto" })),
      );
  });
  after(async () => {
    await server.close();
    await database.close();
  });

  const start = (onResult: (results: SyncFileResult[]) => void) =>
    startListRefresh({
      db: database.db,
      sources: [{ mode: "sandbox", baseUrl: server.url }],
      intervalMs: 60 * 60 * 1000,
      minRowRatio: 0.5,
      timeoutMs: 5_000,
      retries: 0,
      onResult: (_mode, results) => onResult(results),
    });

  it("syncs at start when the lists were never checked, then only when due or asked", async () => {
    const runs: SyncFileResult[][] = [];
    const refresh = start((results) => runs.push(results));
    await refresh.runNow();
    assert.ok(runs.length >= 1);
    assert.ok(runs[0].every((r) => r.status === "replaced"));
    const statuses = await readListStatus(database.db, "sandbox");
    assert.equal(statuses.filter((s) => s.loaded).length, syncedListFiles().length);
    await refresh.runNow();
    assert.ok(
      runs.at(-1)?.every((r) => r.status === "not_modified"),
      "a forced run makes conditional requests",
    );
    await refresh.stop();

    server.requests.length = 0;
    const restarted = start((results) => runs.push(results));
    await restarted.stop();
    assert.equal(server.requests.length, 0, "a restart within the interval does not download again");
  });
});
