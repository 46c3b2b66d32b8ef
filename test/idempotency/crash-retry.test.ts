// An API process that dies while running a charged synchronous request with an Idempotency-Key: the
// client's retry (same key, same body, another process, after the lease) runs again and is charged once.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import { type Child, spawnApi, stopChild } from "../requests/processes.ts";
import { ownerChargesOf, scenarioTagged } from "../taxpayers/support/ledger.ts";

const LEASE_MS = 500;
let h: SandboxApp;
let child: (Child & { url: string }) | undefined;
before(async () => {
  h = await startTestApp(
    { IDEMPOTENCY_LEASE_MS: String(LEASE_MS), IDEMPOTENCY_WAIT_MS: "30000" },
    { sandbox: { timeScale: 3, lists: ["sandbox", "live"], postalCatalog: true }, listen: true },
  );
});
after(async () => {
  if (child) await stopChild(child, "SIGKILL");
  await h?.close();
});

test("a retry after the first process died mid-request is not charged a second time", async () => {
  child = await spawnApi({ ...h.env, LOG_LEVEL: "warn" });
  const owner = await mintOwner(h.database.db, { credits: 100 });
  const body = { rfc: scenarioTagged(h, "registered_company").rfc };
  const send = (base: string) =>
    fetch(`${base}/v1/rfc/verify`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": owner.key, "idempotency-key": "died" },
      body: JSON.stringify(body),
    });
  const first = send(child.url).catch((error: Error) => error);
  // Wait until the first process has charged (before its slow upstream call answers), then kill it.
  for (;;) {
    const charged = await h.database.db
      .selectFrom("ledger")
      .select("id")
      .where("owner_id", "=", owner.ownerId)
      .where("kind", "=", "charge")
      .executeTakeFirst();
    if (charged) break;
    await sleep(5);
  }
  await stopChild(child, "SIGKILL");
  assert.ok((await first) instanceof Error, "the first request got no answer");
  await sleep(LEASE_MS * 2);
  const retry = await send(h.base);
  assert.equal(retry.status, 200);
  const { rows, net } = await ownerChargesOf(h.database.db, owner.ownerId);
  // README: "a retry with the same key and body replays the first answer without a second charge";
  // DESIGN §6: "Never charge twice". One answer was delivered, so one verify (1 credit) is owed.
  assert.equal(net, -1, `ledger: ${JSON.stringify(rows)}`);
});
