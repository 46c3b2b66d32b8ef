import assert from "node:assert/strict";
import { createReadStream } from "node:fs";
import { after, before, test } from "node:test";
import { ingestListFile } from "../../src/contributor-lists/ingest-list-file.ts";
import { recentApiRequests } from "../../src/request-log/record-api-requests.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";

let padron: TestApp;
before(async () => {
  padron = await startTestApp();
  // AAG090703QT6 is listed in this file, so its sat-lists answer is known and charged.
  await ingestListFile(padron.database.db, createReadStream("test/fixtures/lists/art69_sample.csv"), {
    mode: "live",
    fileName: "art69_sample.csv",
    provenance: { sourceUrl: "file:art69_sample.csv", etag: null, lastModified: null, expectedBytes: null },
    minRowRatio: 0.5,
  });
});
after(() => padron.close());

test("each authenticated API call is logged with its route's operation, status, charge and key id", async () => {
  const owner = await mintOwner(padron.database.db);
  const headers = { "x-api-key": owner.key };
  const account = await padron.app.inject({ method: "GET", url: "/v1/account", headers });
  assert.equal(account.statusCode, 200);
  const satLists = (rfc: string) =>
    padron.app.inject({ method: "POST", url: "/v1/rfc/sat-lists", headers, payload: { rfc } });
  assert.equal((await satLists("AAG090703QT6")).statusCode, 200);
  assert.equal((await satLists("NOT-AN-RFC")).statusCode, 422);
  await padron.app.inject({ method: "GET", url: "/v1/account" });
  await padron.requestLog.flush();

  const rows = (await recentApiRequests(padron.database.db, owner.ownerId)).reverse();
  assert.deepEqual(
    rows.map((row) => [row.method, row.operation, row.rfc, Number(row.status), Number(row.credits)]),
    [
      ["GET", "account", null, 200, 0],
      ["POST", "rfc/sat-lists", "AAG090703QT6", 200, 1],
      ["POST", "rfc/sat-lists", "NOT-AN-RFC", 422, 0],
    ],
  );
  const key = await padron.database.db
    .selectFrom("api_keys")
    .select("id")
    .where("owner_id", "=", owner.ownerId)
    .executeTakeFirstOrThrow();
  for (const row of rows) {
    assert.equal(row.key_id, key.id);
    assert.match(row.request_id, /^req_/);
    assert.ok(!JSON.stringify(row).includes(owner.key), "the key itself is never logged");
  }
});

test("/metrics counts requests no route matched as `unmatched`", async () => {
  await padron.app.inject({ method: "GET", url: "/no/such/page" });
  const metrics = await padron.app.inject({ method: "GET", url: "/metrics" });
  assert.match(
    metrics.body,
    /padron_http_requests_total\{method="GET",route="unmatched",status="404"\} [1-9]/,
  );
  assert.doesNotMatch(metrics.body, /route="\/no\/such\/page"/);
});
