import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { syncedListFiles } from "../../src/contributor-lists/catalog.ts";
import { lookupSatLists } from "../../src/contributor-lists/lookup-sat-lists.ts";
import { type ListStatus, readListStatus } from "../../src/contributor-lists/read-list-status.ts";
import { type SyncOptions, syncLists } from "../../src/contributor-lists/sync-lists.ts";
import type { ListRow } from "../../src/sandbox/formats/list-files.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { art69Rows, startListServer } from "./list-server.ts";

type ListServer = Awaited<ReturnType<typeof startListServer>>;

function bis(rows: number): ListRow[] {
  return art69Rows(rows, { prefix: "BIS" }).map((row, index) => ({
    rfc: row.rfc,
    name: `BIS ${index}, S.A. DE C.V.`,
    situation: index % 2 === 0 ? "Definitivo" : "Sentencia Favorable",
  }));
}

function art69b(rows: number): ListRow[] {
  return art69Rows(rows, { prefix: "EFO" }).map((row, index) => ({
    rfc: row.rfc,
    name: `EFOS ${index}`,
    situation: ["Presunto", "Definitivo", "Desvirtuado", "Sentencia Favorable"][index % 4],
  }));
}

/** Rows published per file: every synced file, each with its own count. */
function publishAll(server: ListServer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [index, file] of syncedListFiles().entries()) {
    const count = 20 + index * 7;
    const rows =
      file.article === "69"
        ? art69Rows(count, { prefix: `A${String.fromCharCode(65 + index)}C` })
        : file.article === "69-B"
          ? art69b(count)
          : bis(count);
    server.publish(file.fileName, rows);
    counts.set(file.key, count);
  }
  return counts;
}

describe("syncLists against a loopback list server", () => {
  let database: TestDatabase;
  let server: ListServer;
  let published: Map<string, number>;
  let options: SyncOptions;
  before(async () => {
    database = await freshDatabase();
    server = await startListServer();
    published = publishAll(server);
    options = {
      mode: "sandbox",
      baseUrl: server.url,
      minRowRatio: 0.5,
      timeoutMs: 5_000,
      retries: 2,
      retryDelayMs: 1,
    };
  });
  after(async () => {
    await server.close();
    await database.close();
  });

  const firmesRfc = art69Rows(1, { prefix: "AAC" })[0].rfc;

  it("first sync loads every list; row counts equal what the server published", async () => {
    const results = await syncLists(database.db, options);
    assert.deepEqual(
      results.map((r) => [r.list, r.status, r.rows]),
      syncedListFiles().map((file) => [file.key, "replaced", published.get(file.key)]),
    );
    const status = await readListStatus(database.db, "sandbox");
    assert.deepEqual(status.map((s) => [s.list, s.rows]).sort(), [...published.entries()].sort());
    const bisStatus = status.find((s) => s.list === "69-B Bis/completo");
    assert.equal(bisStatus?.content_date, "2026-06-01");
    assert.ok(bisStatus?.source?.startsWith(server.url));
    assert.match(bisStatus?.sha256 ?? "", /^[0-9a-f]{64}$/);
    assert.ok(
      (await readListStatus(database.db, "live")).every((s) => !s.loaded),
      "live lists stay apart",
    );
    const found = await lookupSatLists(database.db, "sandbox", firmesRfc);
    assert.deepEqual(found.sat_lists, [
      {
        article: "69",
        sub_list: "firmes",
        situation: "FIRMES",
        name: "EMPRESA 0, SA DE CV",
        person_type: "M",
        state: "JALISCO",
      },
    ]);
    assert.equal((await lookupSatLists(database.db, "live", firmesRfc)).sat_lists, null, "live: none loaded");
  });

  it("a second sync sends the ETag, gets 304 and only records the check", async () => {
    const before = await readListStatus(database.db, "sandbox");
    server.requests.length = 0;
    const results = await syncLists(database.db, options);
    assert.ok(results.every((r) => r.status === "not_modified"));
    assert.ok(server.requests.every((r) => r.status === 304 && r.ifNoneMatch));
    const after = await readListStatus(database.db, "sandbox");
    for (const [index, status] of after.entries()) {
      assert.equal(status.fetched_at, before[index].fetched_at);
      assert.equal(status.sha256, before[index].sha256);
      assert.ok((status.checked_at ?? "") >= (before[index].checked_at ?? "~"));
    }
  });

  const firmesOnly = () => syncedListFiles().filter((file) => file.fileName === "Firmes.csv");
  const firmesStatus = async () =>
    (await readListStatus(database.db, "sandbox")).find((s) => s.list === "69/firmes");
  /** The same version as before; only the last refresh changed, to this failure. */
  const assertVersionKept = (after: ListStatus | undefined, before: ListStatus | undefined) => {
    assert.deepEqual({ ...after, last_refresh: null }, { ...before, last_refresh: null });
    assert.equal(after?.last_refresh?.status, "failed");
  };
  const leftovers = async () => {
    const versions = await database.db.selectFrom("list_versions").select(["id", "status"]).execute();
    const entries = await database.db
      .selectFrom("list_entries")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    return { versions, entries: Number(entries.n) };
  };

  it("a truncated download (Content-Length not reached) leaves the current version in place", async () => {
    const before = await firmesStatus();
    server.publish("Firmes.csv", art69Rows(400, { prefix: "AAC", name: "NUEVA" }));
    server.failNext("Firmes.csv", "truncate", "truncate", "truncate");
    const [result] = await syncLists(database.db, { ...options, files: firmesOnly() });
    assert.equal(result.status, "failed");
    assert.equal(result.attempts, 3);
    assert.match(result.reason ?? "", /truncated download|other side closed|terminated/i);
    assertVersionKept(await firmesStatus(), before);
    const found = await lookupSatLists(database.db, "sandbox", firmesRfc);
    assert.equal(found.sat_lists?.[0].name, "EMPRESA 0, SA DE CV");
    const state = await leftovers();
    assert.ok(
      state.versions.every((v) => v.status === "current"),
      "no partial version is left behind",
    );
    assert.equal(
      state.entries,
      [...published.values()].reduce((a, b) => a + b, 0),
    );
  });

  it("a download cut midway (connection reset) leaves the current version in place", async () => {
    const before = await firmesStatus();
    server.failNext("Firmes.csv", "reset_midway", "reset_midway", "reset_midway");
    const [result] = await syncLists(database.db, { ...options, files: firmesOnly() });
    assert.equal(result.status, "failed");
    assert.equal(result.attempts, 3);
    assert.match(result.reason ?? "", /other side closed|terminated/i);
    assertVersionKept(await firmesStatus(), before);
    assert.ok((await leftovers()).versions.every((v) => v.status === "current"));
  });

  it("a failure followed by a good answer is retried and replaces the version; the old one is pruned", async () => {
    server.failNext("Firmes.csv", "http_500", "reset_midway");
    const [result] = await syncLists(database.db, { ...options, files: firmesOnly() });
    assert.equal(result.status, "replaced");
    assert.equal(result.attempts, 3);
    assert.equal(result.rows, 400);
    assert.equal((await firmesStatus())?.rows, 400);
    const found = await lookupSatLists(database.db, "sandbox", firmesRfc);
    assert.equal(found.sat_lists?.[0].name, "NUEVA 0, SA DE CV");
    const state = await leftovers();
    assert.equal(state.versions.length, syncedListFiles().length);
    published.set("69/firmes", 400);
    assert.equal(
      state.entries,
      [...published.values()].reduce((a, b) => a + b, 0),
    );
  });

  it("a file with far fewer rows than the current version is refused", async () => {
    server.publish("Firmes.csv", art69Rows(100, { prefix: "AAC", name: "CORTA" }));
    const [result] = await syncLists(database.db, { ...options, files: firmesOnly() });
    assert.equal(result.status, "rejected");
    assert.match(result.reason ?? "", /100 rows against 400/);
    assert.equal((await firmesStatus())?.rows, 400);
    assert.ok((await leftovers()).versions.every((v) => v.status === "current"));
  });

  it("a 404 is not retried and keeps the version", async () => {
    const [result] = await syncLists(database.db, {
      ...options,
      baseUrl: `${server.url}missing/`,
      files: firmesOnly(),
    });
    assert.equal(result.status, "failed");
    assert.equal(result.attempts, 1);
    assert.equal((await firmesStatus())?.rows, 400);
  });
});
