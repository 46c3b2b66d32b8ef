import assert from "node:assert/strict";
import { Webhook } from "standardwebhooks";
import type { Db } from "../../src/platform/db/connect.ts";
import { webhookSecretOf } from "../../src/webhooks/webhook-secret.ts";
import { assertNoOverlappingClaims } from "../jobs/overlap.ts";
import type { Received } from "../webhooks/receiver.ts";

// biome-ignore lint/suspicious/noExplicitAny: delivered events are checked field by field by the tests
type Event = { request_id: string; type: string; status: number; body: any };

/**
 * Every accepted request reached the receiver, signed with the owner's live secret (standardwebhooks;
 * the callers use live keys), under one webhook-id however often it was resent. Returns the verified
 * event of each request.
 */
export async function assertDeliveredOnceEach(
  db: Db,
  ownerId: string,
  received: readonly Received[],
  requestIds: readonly string[],
): Promise<Map<string, Event>> {
  const webhook = new Webhook(await webhookSecretOf(db, ownerId, "live"));
  const idsByRequest = new Map<string, Set<string>>();
  const events = new Map<string, Event>();
  for (const hit of received) {
    const event = webhook.verify(hit.body, hit.headers as Record<string, string>) as Event;
    const ids = idsByRequest.get(event.request_id) ?? new Set();
    ids.add(String(hit.headers["webhook-id"]));
    idsByRequest.set(event.request_id, ids);
    events.set(event.request_id, event);
  }
  assert.deepEqual([...idsByRequest.keys()].sort(), [...requestIds].sort(), "every request delivered");
  for (const [requestId, ids] of idsByRequest)
    assert.equal(ids.size, 1, `one webhook-id for ${requestId}, even when resent`);
  return events;
}

/**
 * The money after the crashes: one charge entry per request and a net equal to what the request
 * should cost; the balance row equals the ledger's sum and the starting credits minus all costs.
 */
export async function assertChargedOnceEach(
  db: Db,
  ownerId: string,
  expected: { startCredits: number; costByRequest: ReadonlyMap<string, number> },
): Promise<void> {
  const ledger = await db.selectFrom("ledger").selectAll().where("owner_id", "=", ownerId).execute();
  let totalCost = 0;
  for (const [requestId, cost] of expected.costByRequest) {
    const entries = ledger.filter((e) => e.request_id === requestId);
    assert.equal(entries.filter((e) => e.kind === "charge").length, 1, `one charge for ${requestId}`);
    const paid = entries.reduce((sum, e) => sum - Number(e.credits), 0);
    assert.equal(paid, cost, `net charge of ${requestId}`);
    totalCost += cost;
  }
  const balance = await db
    .selectFrom("balances")
    .select("credits")
    .where("owner_id", "=", ownerId)
    .executeTakeFirstOrThrow();
  const sum = ledger.reduce((s, e) => s + Number(e.credits), 0);
  assert.equal(Number(balance.credits), sum, "balance row = sum of the ledger");
  assert.equal(sum, expected.startCredits - totalCost, "starting credits minus what the requests cost");
}

/** The kills hit running jobs (some attempt was `lost`), and no job was ever held by two workers. */
export async function assertCrashesLanded(db: Db, kills: number): Promise<void> {
  await assertNoOverlappingClaims(db);
  const lost = await db.selectFrom("job_attempts").select("id").where("outcome", "=", "lost").execute();
  assert.ok(kills >= 1);
  assert.ok(lost.length >= 1, `kills landed on running jobs (${kills} kills, ${lost.length} lost attempts)`);
}
