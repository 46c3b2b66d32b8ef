import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";
import { syncedListFiles } from "../../src/contributor-lists/catalog.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { art69Rows, startListServer } from "./list-server.ts";

const run = promisify(execFile);
const LISTS = "test/fixtures/lists";

describe("padron lists import | status | sync", () => {
  let database: TestDatabase;
  let scratch: string;
  const started = Date.now();
  before(async () => {
    database = await freshDatabase();
    scratch = mkdtempSync(join(tmpdir(), "padron-lists-cli-"));
  });
  after(async () => {
    rmSync(scratch, { recursive: true, force: true });
    await database.close();
  });

  const padron = async (...args: string[]) => {
    const env = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "silent" };
    try {
      const { stdout } = await run(process.execPath, ["bin/padron.js", ...args], { env });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it("import --json prints one result per file: list, article, sub-list, rows, content date", async () => {
    const bad = join(scratch, "notes.csv");
    writeFileSync(bad, "hello,world\r\n1,2\r\n");
    const { code, stdout } = await padron(
      "lists",
      "import",
      `${LISTS}/art69_sample.csv`,
      `${LISTS}/69b_bis_split_row.csv`,
      bad,
      "--json",
    );
    assert.equal(code, 1, "a file that is not a list makes the command fail");
    const results = JSON.parse(stdout);
    assert.deepEqual(results.slice(0, 2), [
      {
        file: `${LISTS}/art69_sample.csv`,
        list: "69/por-supuesto",
        article: "69",
        sub_list: null,
        rows: 3,
        content_date: null,
        status: "replaced",
      },
      {
        file: `${LISTS}/69b_bis_split_row.csv`,
        list: "69-B Bis/completo",
        article: "69-B Bis",
        sub_list: null,
        rows: 3,
        content_date: "2026-03-12",
        status: "replaced",
      },
    ]);
    assert.equal(results[2].status, "failed");
    assert.match(results[2].reason, /no RFC header|not a known SAT list/);
  });

  it("status --json shows each list with content date, fetched time and row count", async () => {
    const { code, stdout } = await padron("lists", "status", "--json");
    assert.equal(code, 0);
    const statuses = JSON.parse(stdout).filter((s: { loaded: boolean }) => s.loaded);
    assert.deepEqual(
      statuses.map((s: { mode: string; list: string; rows: number; content_date: string | null }) => [
        s.mode,
        s.list,
        s.rows,
        s.content_date,
      ]),
      [
        ["live", "69-B Bis/completo", 3, "2026-03-12"],
        ["live", "69/por-supuesto", 3, null],
      ],
    );
    for (const status of statuses) {
      const fetched = Date.parse(status.fetched_at);
      assert.ok(fetched >= started - 1000 && fetched <= Date.now(), `fetched at ${status.fetched_at}`);
      assert.match(status.source, /^file:\/\/.*\.csv$/);
    }
  });

  it("sync --mode sandbox --url loads every list from the server, apart from the live ones", async () => {
    const server = await startListServer();
    try {
      for (const file of syncedListFiles()) {
        const rows = art69Rows(30, { prefix: "SBX" }).map((row) =>
          file.article === "69" ? row : { rfc: row.rfc, name: row.name, situation: "Definitivo" },
        );
        server.publish(file.fileName, rows);
      }
      const { code, stdout } = await padron(
        "lists",
        "sync",
        "--mode",
        "sandbox",
        "--url",
        server.url,
        "--json",
      );
      assert.equal(code, 0);
      const results = JSON.parse(stdout);
      assert.deepEqual(
        results.map((r: { list: string; status: string; rows: number }) => [r.list, r.status, r.rows]),
        syncedListFiles().map((file) => [file.key, "replaced", 30]),
      );
      const status = JSON.parse((await padron("lists", "status", "--mode", "sandbox", "--json")).stdout);
      assert.equal(status.length, syncedListFiles().length);
      assert.ok(status.every((s: { mode: string; rows: number }) => s.mode === "sandbox" && s.rows === 30));
      const live = JSON.parse((await padron("lists", "status", "--mode", "live", "--json")).stdout);
      assert.equal(live.filter((s: { loaded: boolean }) => s.loaded).length, 2);
    } finally {
      await server.close();
    }
  });
});
