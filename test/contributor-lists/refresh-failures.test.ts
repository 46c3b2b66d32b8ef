import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";
import { parseConfig } from "../../src/config.ts";
import { syncedListFiles } from "../../src/contributor-lists/catalog.ts";
import { readListStatus } from "../../src/contributor-lists/read-list-status.ts";
import { refreshConfiguredLists } from "../../src/contributor-lists/refresh-configured-lists.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { art69Rows, startListServer } from "./list-server.ts";

const run = promisify(execFile);
type Logged = { level: string; message: string; fields?: Record<string, unknown> };

// Issue 22 item 1: a refresh where every file failed is an error (not "refreshed"), and `lists status`
// shows each list's last refresh as failed, with when and why, loaded or not.
describe("a list refresh whose downloads fail", () => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startListServer>>;
  before(async () => {
    database = await freshDatabase();
    server = await startListServer();
  });
  after(async () => {
    await server.close();
    await database.close();
  });

  const refreshOnce = async () => {
    const logs: Logged[] = [];
    const config = parseConfig({
      DATABASE_URL: database.url,
      LISTS_REFRESH_MODES: "live",
      LISTS_LIVE_BASE_URL: server.url,
      LISTS_FETCH_RETRIES: "0",
    });
    const refresh = refreshConfiguredLists({
      db: database.db,
      config,
      sandboxUrl: null,
      log: (level, message, fields) => logs.push({ level, message, fields }),
    });
    assert.ok(refresh);
    await refresh.runNow();
    await refresh.stop();
    return logs;
  };
  const padron = (...args: string[]) =>
    run(process.execPath, ["bin/padron.js", "lists", "status", ...args], {
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "silent" },
    });

  it("every file failed: one error naming each list and why, and no 'refreshed'", async () => {
    const startedAt = Date.now();
    const logs = await refreshOnce();
    assert.deepEqual(
      logs.map((log) => [log.level, log.message]),
      [["error", "contributor lists refresh failed: no file could be downloaded"]],
    );
    const failed = logs[0].fields?.failed as { list: string; status: string; reason: string }[];
    assert.deepEqual(
      failed.map((entry) => entry.list),
      syncedListFiles().map((file) => file.key),
    );
    assert.ok(failed.every((entry) => entry.status === "failed" && /HTTP 404$/.test(entry.reason)));

    const statuses = await readListStatus(database.db, "live");
    assert.equal(statuses.length, syncedListFiles().length);
    for (const status of statuses) {
      assert.equal(status.loaded, false, status.list);
      assert.equal(status.rows, null);
      assert.equal(status.last_refresh?.status, "failed");
      assert.match(status.last_refresh?.reason ?? "", /HTTP 404$/);
      const at = Date.parse(status.last_refresh?.at ?? "");
      assert.ok(at >= startedAt - 1000 && at <= Date.now(), status.last_refresh?.at);
    }

    const json = JSON.parse((await padron("--mode", "live", "--json")).stdout);
    assert.deepEqual(json, statuses, "lists status --json prints the same facts");
    const { stdout } = await padron("--mode", "live");
    assert.match(
      stdout,
      /^live +69\/firmes +not loaded +last refresh failed at \S+ after 1 attempt\(s\): \S+ HTTP 404$/m,
    );
    assert.match(stdout, /^live: no list is loaded; sat-lists and validate answer sat_lists: null/m);
  });

  it("some files failed: a warning naming them; the loaded list shows its good refresh", async () => {
    server.publish("Firmes.csv", art69Rows(20));
    const logs = await refreshOnce();
    assert.deepEqual(
      logs.map((log) => [log.level, log.message]),
      [["warn", "contributor lists refreshed, some files not taken"]],
    );
    const failed = logs[0].fields?.failed as { list: string }[];
    assert.equal(failed.length, syncedListFiles().length - 1);
    assert.ok(!failed.some((entry) => entry.list === "69/firmes"));
    const firmes = (await readListStatus(database.db, "live")).find((status) => status.list === "69/firmes");
    assert.equal(firmes?.loaded, true);
    assert.equal(firmes?.rows, 20);
    assert.equal(firmes?.last_refresh?.status, "replaced");
    assert.equal(firmes?.last_refresh?.reason, null);
    const { stdout } = await padron("--mode", "live");
    assert.match(stdout, /^live: 8 of 9 lists not loaded \(69\/no-localizados, /m);
  });
});
