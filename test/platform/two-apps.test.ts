import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ingestListFile } from "../../src/contributor-lists/ingest-list-file.ts";
import { writeListFile } from "../../src/sandbox/formats/list-files.ts";
import { inChunks } from "../contributor-lists/list-file-helpers.ts";
import { art69Rows } from "../contributor-lists/list-server.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner, type TestOwner } from "../helpers/owners.ts";
import { registerTestOperation } from "../requests/fixtures/test-operation.ts";

// buildApp is the only composition root: two apps in one process, each on its own database, share no
// registry, batcher or cache. Each loads a list whose first version has the same id but other dates.
describe("two apps in one process", () => {
  const apps: { padron: TestApp; owner: TestOwner; base: string; name: string; asOf: string }[] = [];
  const rows = (name: string) => art69Rows(3, { name });

  before(async () => {
    for (const [name, asOf] of [
      ["PRIMERA", "2026-08-07"],
      ["SEGUNDA", "2025-01-15"],
    ]) {
      const padron = await startTestApp();
      const fileName = "Firmes.csv";
      await ingestListFile(
        padron.database.db,
        inChunks(writeListFile(fileName, rows(name), { contentDate: new Date(`${asOf}T00:00:00Z`) }), 8192),
        {
          mode: "live",
          fileName,
          provenance: {
            sourceUrl: `test:${fileName}`,
            etag: null,
            lastModified: new Date(`${asOf}T00:00:00Z`).toUTCString(),
            expectedBytes: null,
          },
          minRowRatio: 0,
        },
      );
      const owner = await mintOwner(padron.database.db, { credits: 10 });
      apps.push({ padron, owner, base: await padron.listen(), name, asOf });
    }
  });
  after(async () => {
    for (const { padron } of apps) await padron.close();
  });

  it("answer lookups and charges asked in the same turn each from their own database", async () => {
    const rfc = rows("X")[0].rfc;
    const ask = (app: (typeof apps)[number]) =>
      fetch(`${app.base}/v1/rfc/sat-lists`, {
        method: "POST",
        headers: { "x-api-key": app.owner.key, "content-type": "application/json" },
        body: JSON.stringify({ rfc }),
      });
    for (let round = 1; round <= 3; round++) {
      const responses = await Promise.all(apps.map(ask));
      for (const [index, response] of responses.entries()) {
        const app = apps[index];
        const body = (await response.json()) as { data_as_of: string; sat_lists: { name: string }[] };
        assert.equal(response.status, 200, JSON.stringify(body));
        assert.equal(body.data_as_of, `${app.asOf}T00:00:00.000Z`, `${app.name}: its own list's date`);
        assert.match(body.sat_lists[0].name, new RegExp(`^${app.name} 0`), `${app.name}: its own entries`);
        assert.equal(
          response.headers.get("x-credits-remaining"),
          String(10 - round),
          `${app.name}: its balance`,
        );
      }
    }
    for (const { padron, owner } of apps) {
      const balance = await padron.database.db
        .selectFrom("balances")
        .select("credits")
        .where("owner_id", "=", owner.ownerId)
        .executeTakeFirstOrThrow();
      assert.equal(Number(balance.credits), 7, "three charges, each in its own database");
    }
  });

  it("register operations each in their own registry", () => {
    const [first, second] = apps.map((app) => app.padron.services);
    registerTestOperation(first.operations);
    assert.equal(first.operations.find("test-batch")?.eventType, "test.batch.completed");
    assert.equal(second.operations.find("test-batch"), undefined);
    assert.ok(second.operations.find("validate"), "both know the service's own operations");
    assert.notEqual(first.charges, second.charges);
  });
});
