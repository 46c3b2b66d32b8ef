import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { startAsyncWorker } from "../../src/async-requests/job-handlers.ts";
import { parseConfig } from "../../src/config.ts";
import { createServices } from "../../src/services.ts";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { startReceiver } from "../webhooks/receiver.ts";

// docs/operations.md "Upgrades": API and worker processes restart in any order. An accepted request's job
// names its operation, so a worker whose process lacks that operation (a newer API added it) leaves the
// job to a newer worker instead of failing the customer's request.
let h: SandboxApp;
let hook: Awaited<ReturnType<typeof startReceiver>>;
before(async () => {
  h = await startTestApp({ JOB_RETRY_BASE_MS: "1" }, { sandbox: { timeScale: 0 }, listen: true });
  hook = await startReceiver();
});
after(async () => {
  await hook.close();
  await h.close();
});

test("a request whose operation an older worker does not know waits for a newer worker", async () => {
  const owner = await mintOwner(h.database.db, { mode: "live", credits: 100 });
  const accepted = await h.call(owner.key, "POST", "/v1/rfc/verify", {
    rfc: "EKU9003173C9",
    webhook_url: hook.url,
  });
  assert.equal(accepted.status, 202);
  const requestId = accepted.body.request_id as string;
  // An older worker: same job names, but its process registered none of the newer API's operations.
  const older = startAsyncWorker({
    db: h.database.db,
    engine: h.database.engine,
    config: parseConfig({ ...h.env, JOB_RETRY_BASE_MS: "1" }),
    services: createServices(h.database),
  });
  await sleep(2000);
  await older.stop(1000);
  const row = await h.database.db
    .selectFrom("requests")
    .select(["status", "result_status"])
    .where("request_id", "=", requestId)
    .executeTakeFirstOrThrow();
  const jobs = await h.database.db
    .selectFrom("jobs")
    .select(["status", "attempts", "last_error"])
    .where("name", "like", "request.run%")
    .execute();
  assert.equal(
    row.status,
    "processing",
    `the accepted request must wait for a worker that runs it; request ${JSON.stringify(row)}, jobs ${JSON.stringify(jobs)}`,
  );
  h.startWorker({ JOB_RETRY_BASE_MS: "1" });
  const settled = await h.settled(owner.key, requestId);
  assert.equal(settled.status, "completed", JSON.stringify(settled));
});
