import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { BatchRecord } from "../../src/rfc-operations/batch-schemas.ts";
import { MESSAGES } from "../../src/rfc-operations/messages.ts";
import { PADRON_LEGENDS } from "../../src/upstreams/padron/padron-exchange.ts";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";
import {
  assertChargedOnceEach,
  assertCrashesLanded,
  assertDeliveredOnceEach,
} from "../requests/crash-checks.ts";
import { killWorkersUntilSettled } from "../requests/kill-workers.ts";
import { spawnPlainWorker } from "../requests/processes.ts";
import { startReceiver } from "../webhooks/receiver.ts";

let h: SandboxApp;
let hook: Awaited<ReturnType<typeof startReceiver>>;
before(async () => {
  // Padrón answers in ~0.1–0.2 s (a tenth of the real 1–2 s): kills 30–400 ms after a claim land
  // both in the middle of padrón calls and between batches, stores and deliveries.
  h = await startTestApp(
    { RATE_LIMIT_BATCH_PER_MINUTE: "1000", PRICE_VERIFY_BATCH_RECORD: "2" },
    { sandbox: { timeoutMs: 4000, maxHoldMs: 500, timeScale: 0.1 }, listen: true },
  );
  hook = await startReceiver();
});
after(async () => {
  await hook.close();
  await h.close();
});

const BATCHES = 20;
const START_CREDITS = 2000;

type Kind = "valid" | "wrongZip" | "wrongName" | "badStructure" | "unreachable";
const MIX: Kind[] = ["valid", "wrongZip", "valid", "wrongName", "badStructure"];
const BAD_RFCS = ["BAD", "EKU9013173C9", "123456789012"];

/** Sandbox taxpayers by what the padrón answers for them (docs/sandbox.md, `GET /scenarios`). */
function scenarioRecords() {
  const records = (predicate: (s: SandboxApp["scenarios"][number]) => boolean) =>
    h.scenarios
      .filter((s) => s.name && s.zip && predicate(s))
      .map((s) => ({ rfc: s.rfc, name: s.name ?? "", zip: s.zip ?? "" }));
  const registered = records(
    (s) => "legend" in s.expect.padron && s.expect.padron.legend === PADRON_LEGENDS.valid,
  );
  const unreachable = records((s) => s.tags.includes("sat_error"));
  assert.ok(registered.length >= 5 && unreachable.length === 1);
  return { registered, unreachable: unreachable[0] };
}

/** A batch of 10–20 records mixing every kind; a third of the batches hold a record SAT fails on. */
function batchOf(b: number): { kind: Kind; record: BatchRecord }[] {
  const { registered, unreachable } = scenarioRecords();
  const length = 10 + (b % 11);
  return Array.from({ length }, (_, i) => {
    const kind: Kind = b % 3 === 1 && i === length >> 1 ? "unreachable" : MIX[i % MIX.length];
    const taxpayer = registered[(b + i) % registered.length];
    const record: BatchRecord = {
      valid: taxpayer,
      wrongZip: { ...taxpayer, zip: "00000" },
      wrongName: { ...taxpayer, name: "NOMBRE QUE NO ES EL REGISTRADO" },
      badStructure: { rfc: BAD_RFCS[i % BAD_RFCS.length], name: "NADIE", zip: "01000" },
      unreachable,
    }[kind];
    return { kind, record };
  });
}

/**
 * What each record must answer: a sandbox "fault" RFC fails the whole padrón call it is in, so its
 * batch answers every sent record unknown; bad structures never go upstream.
 */
function expectedResult(kind: Kind, record: BatchRecord, callFailed: boolean) {
  if (kind === "badStructure") return { ...record, valid: false, message: PADRON_LEGENDS.badStructure };
  if (callFailed) return { ...record, valid: null, message: MESSAGES.satUnreachable };
  if (kind === "wrongZip") return { ...record, valid: false, message: PADRON_LEGENDS.zipMismatch };
  if (kind === "wrongName") return { ...record, valid: false, message: PADRON_LEGENDS.nameMismatch };
  return { ...record, valid: true, message: PADRON_LEGENDS.valid };
}

test("verify-batch under worker SIGKILLs: every batch delivered, charged once, refunds right, ledger sums match", async () => {
  const owner = await mintOwner(h.database.db, { credits: START_CREDITS });
  const price = h.config.prices["verify-batch"];
  const expected = new Map<string, unknown[]>();
  const costByRequest = new Map<string, number>();
  for (let b = 0; b < BATCHES; b++) {
    const batch = batchOf(b);
    const callFailed = batch.some((r) => r.kind === "unreachable");
    const accepted = await h.call(owner.key, "POST", "/v1/rfc/verify-batch", {
      records: batch.map((r) => r.record),
      webhook_url: hook.url,
    });
    assert.equal(accepted.status, 202);
    expected.set(
      accepted.body.request_id,
      batch.map((r) => expectedResult(r.kind, r.record, callFailed)),
    );
    // Charged per record; refunded for bad structures and for answers left unknown (valid: null).
    const paid = batch.filter((r) => r.kind !== "badStructure" && !callFailed).length;
    costByRequest.set(accepted.body.request_id, paid * price);
  }

  let killsMidCall = 0;
  const kills = await killWorkersUntilSettled(h.database.db, {
    spawn: () =>
      spawnPlainWorker({
        ...h.env,
        WORKER_CONCURRENCY: "4",
        WORKER_LEASE_MS: "800",
        WORKER_POLL_MS: "20",
        JOB_RETRY_BASE_MS: "20",
      }),
    deliveries: BATCHES,
    // Each kill costs the jobs it held an attempt; 6 stays well under a job's 10 attempts.
    maxKills: 6,
    // Kill while a padrón call is in flight, so some kills cut one short. Counted here: the sandbox does
    // not always see a killed client go (it may finish writing), so its aborted count can stay at 0.
    killWhen: async () => {
      const stats = await h.sandboxStats();
      const inFlight = stats.started > stats.completed + stats.aborted;
      if (inFlight) killsMidCall++;
      return inFlight;
    },
  });

  const requestIds = [...expected.keys()];
  const rows = await h.database.db
    .selectFrom("requests")
    .selectAll()
    .where("owner_id", "=", owner.ownerId)
    .execute();
  assert.equal(rows.length, BATCHES);
  for (const row of rows) {
    assert.equal(row.status, "completed");
    assert.equal(row.result_status, 200);
    const results = expected.get(row.request_id) ?? [];
    assert.deepEqual(JSON.parse(row.result_body ?? "{}"), { count: results.length, results });
  }
  const events = await assertDeliveredOnceEach(h.database.db, owner.ownerId, hook.received, requestIds);
  for (const [requestId, event] of events) {
    assert.equal(event.type, "rfc.verify_batch.completed");
    assert.equal(event.status, 200);
    const results = expected.get(requestId) ?? [];
    assert.deepEqual(event.body, { count: results.length, results });
  }
  await assertChargedOnceEach(h.database.db, owner.ownerId, {
    startCredits: START_CREDITS,
    costByRequest,
  });
  await assertCrashesLanded(h.database.db, kills);
  assert.ok(killsMidCall >= 1, "some kills landed while a padrón call was in flight");
});
