import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { resolve } from "node:path";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { freePort } from "../helpers/free-port.ts";
import { mintOwner } from "../helpers/owners.ts";
import { ownerChargesOf, scenarioTagged } from "../taxpayers/support/ledger.ts";

// A rolling deploy stops an API process (SIGTERM) while it runs a charged request: past the grace
// period the request is ended, its charge refunded and its Idempotency-Key freed, so a retry pays once.
const LEASE_MS = 500;
let h: SandboxApp;
before(async () => {
  h = await startTestApp(
    { IDEMPOTENCY_LEASE_MS: String(LEASE_MS), IDEMPOTENCY_WAIT_MS: "30000" },
    { sandbox: { timeScale: 3, lists: ["sandbox", "live"], postalCatalog: true }, listen: true },
  );
});
after(() => h?.close());

test("an API process stopped mid-request past its grace: the charge is refunded, the retry charged once", async () => {
  const port = await freePort();
  // `padron serve` as operators run it; a short grace stands for the default 10 s against a slow upstream.
  const serve = spawn(
    process.execPath,
    [resolve("bin/padron.js"), "serve", "--no-worker", "--no-sandbox", "--port", String(port)],
    {
      env: {
        ...process.env,
        ...h.env,
        LOG_LEVEL: "warn",
        SHUTDOWN_GRACE_MS: "300",
        IDEMPOTENCY_LEASE_MS: String(LEASE_MS),
      },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const exited = once(serve, "exit") as Promise<[number | null]>;
  const base = `http://127.0.0.1:${port}`;
  while (
    !(await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await sleep(50);
  const owner = await mintOwner(h.database.db, { credits: 100 });
  const body = { rfc: scenarioTagged(h, "registered_individual").rfc };
  const send = (to: string) =>
    fetch(`${to}/v1/rfc/verify`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": owner.key, "idempotency-key": "deploy" },
      body: JSON.stringify(body),
    });
  const first = send(base).then(
    (r) => r.status,
    (error: Error) => error,
  );
  // Stopped after the charge, while the slow upstream call runs.
  while (!(await chargeOf(owner.ownerId))) await sleep(5);
  serve.kill("SIGTERM");
  const [code] = await exited;
  assert.equal(code, 1, "the grace ran out");
  const firstOutcome = await first;
  assert.equal(firstOutcome, 503, "the abandoned request is told to retry");
  const retry = await send(h.base);
  assert.equal(retry.status, 200);
  assert.equal(retry.headers.get("idempotent-replayed"), null, "the key was freed: the retry ran");
  const { rows, net } = await ownerChargesOf(h.database.db, owner.ownerId);
  assert.equal(net, -1, `ledger: ${JSON.stringify(rows)}`);
});

const chargeOf = (ownerId: string) =>
  h.database.db
    .selectFrom("ledger")
    .select("id")
    .where("owner_id", "=", ownerId)
    .where("kind", "=", "charge")
    .executeTakeFirst();
