import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";

// The body fingerprint became canonical (members sorted). Keys stored before (kept 24 h), or claimed by a
// process not yet upgraded (operations.md "Upgrades": any order), carry the former one: the very same
// bytes retried must still be replayed, not refused with 409 idempotency_conflict.
let h: SandboxApp;
before(async () => {
  h = await startTestApp(
    { IDEMPOTENCY_WAIT_MS: "5000" },
    { sandbox: { lists: ["sandbox", "live"], postalCatalog: true }, listen: true },
  );
});
after(() => h?.close());

// The fingerprint as padron wrote it before: the body as parsed, members as sent.
const previousFingerprint = (method: string, path: string, body: unknown) =>
  createHash("sha256")
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest("base64url");

// Members in the order a client typically writes them: not alphabetical.
const body = { rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", zip: "42501" };
const firstAnswer = JSON.stringify({ rfc: "EKU9003173C9", valid: true, message: "first answer" });

test("a retry of the same body whose key the previous version stored is replayed, not 409", async () => {
  const owner = await mintOwner(h.database.db, { credits: 100 });
  const now = Date.now();
  await h.database.db
    .insertInto("idempotency_keys")
    .values({
      owner_id: owner.ownerId,
      mode: "live",
      key: "before-the-deploy",
      fingerprint: previousFingerprint("POST", "/v1/rfc/verify", body),
      status: "done",
      locked_until: now,
      request_id: null,
      response_status: 200,
      response_headers: JSON.stringify({ "content-type": "application/json; charset=utf-8" }),
      response_body: firstAnswer,
      created_at: now - 60_000,
      expires_at: now + 24 * 3600_000,
    })
    .execute();
  const retry = await h.call(owner.key, "POST", "/v1/rfc/verify", body, {
    "idempotency-key": "before-the-deploy",
  });
  assert.equal(retry.status, 200, `the same bytes again: ${retry.text}`);
  assert.equal(retry.headers.get("idempotent-replayed"), "true");
});

test("mid rolling deploy: a retry of a request an older process still runs waits for it, not 409", async () => {
  const owner = await mintOwner(h.database.db, { credits: 100 });
  const now = Date.now();
  const id = { owner_id: owner.ownerId, mode: "live" as const, key: "rolling" };
  await h.database.db
    .insertInto("idempotency_keys")
    .values({
      ...id,
      fingerprint: previousFingerprint("POST", "/v1/rfc/verify", body),
      status: "running",
      locked_until: now + 30_000,
      request_id: null,
      response_status: null,
      response_headers: null,
      response_body: null,
      created_at: now,
      expires_at: now + 24 * 3600_000,
    })
    .execute();
  // The older process answers a moment later.
  const finish = sleep(500).then(() =>
    h.database.db
      .updateTable("idempotency_keys")
      .set({
        status: "done",
        response_status: 200,
        response_headers: JSON.stringify({ "content-type": "application/json; charset=utf-8" }),
        response_body: firstAnswer,
      })
      .where("owner_id", "=", id.owner_id)
      .where("key", "=", id.key)
      .execute(),
  );
  const retry = await h.call(owner.key, "POST", "/v1/rfc/verify", body, { "idempotency-key": "rolling" });
  await finish;
  assert.equal(retry.status, 200, `the same bytes again: ${retry.text}`);
  assert.equal(retry.headers.get("idempotent-replayed"), "true");
});
