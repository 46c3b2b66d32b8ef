import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { after, before, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { type Json, type SandboxApp, startTestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { startReceiver } from "../webhooks/receiver.ts";

let h: SandboxApp;
let hook: Awaited<ReturnType<typeof startReceiver>>;
before(async () => {
  h = await startTestApp({}, { sandbox: { timeoutMs: 4000, maxHoldMs: 500 }, listen: true });
  hook = await startReceiver();
});
after(async () => {
  await hook.close();
  await h.close();
});

test("`padron worker` in its own process runs a batch the API accepted, and delivers it", async () => {
  const owner = await mintOwner(h.database.db, { credits: 100 });
  const scenario = h.scenarios.find((s) => s.tags.includes("registered_company"));
  assert.ok(scenario?.name && scenario.zip);
  const records = [
    { rfc: scenario.rfc, name: scenario.name, zip: scenario.zip },
    { rfc: "BAD", name: "X", zip: "1" },
  ];
  const accepted = await h.call(owner.key, "POST", "/v1/rfc/verify-batch", {
    records,
    webhook_url: hook.url,
  });
  assert.equal(accepted.status, 202);
  const waiting = await h.call(owner.key, "GET", `/v1/requests/${accepted.body.request_id}`);
  assert.equal(waiting.body.status, "processing");
  assert.deepEqual(waiting.body.progress, { done: 0, total: 2 });
  assert.equal(waiting.body.result, null);
  const worker = spawn("./node_modules/.bin/node", ["bin/padron.js", "worker"], {
    env: { ...process.env, ...h.env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  worker.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  try {
    const [hit] = await hook.waitFor(1);
    const { secret } = (await h.call(owner.key, "GET", "/v1/webhooks/secret")).body;
    const event = new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>) as Json;
    assert.equal(event.type, "rfc.verify_batch.completed");
    assert.deepEqual(
      event.body.results.map((r: Json) => [r.rfc, r.valid, r.message]),
      [
        [scenario.rfc, true, "RFC válido, y susceptible de recibir facturas"],
        ["BAD", false, "Estructura del RFC incorrecta"],
      ],
    );
    const done = await h.settled(owner.key, accepted.body.request_id);
    assert.deepEqual(done.progress, { done: 2, total: 2 });
    assert.deepEqual(done.webhook, { status: "delivered", attempts: 1 });
  } catch (error) {
    throw new Error(`${(error as Error).message}\nworker stderr:\n${stderr}`);
  } finally {
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    worker.kill("SIGTERM");
    await exited;
  }
});
