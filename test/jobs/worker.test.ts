import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { claimJobs } from "../../src/platform/jobs/claim-jobs.ts";
import { enqueueJob } from "../../src/platform/jobs/enqueue-job.ts";
import { RetryLater, type RunningJob } from "../../src/platform/jobs/job-types.ts";
import { startWorker } from "../../src/platform/jobs/start-worker.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { assertNoOverlappingClaims } from "./overlap.ts";

let database: TestDatabase;
before(async () => {
  database = await freshDatabase();
});
after(() => database.close());

// A hang guard, not a speed check: generous because CI runs several suites on two cores.
async function waitFor(check: () => Promise<boolean>, what: string, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

const statusOf = async (id: string) =>
  (await database.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow()).status;

test("three workers run 300 jobs, each exactly once, never two holders at a time", async () => {
  const runs = new Map<string, number>();
  const handlers = {
    count: async (payload: { n: number }, job: RunningJob) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      if (payload.n % 7 === 0) await sleep(5);
    },
  };
  const ids = await database.db.transaction().execute(async (trx) => {
    const out: string[] = [];
    for (let n = 0; n < 300; n++) out.push(await enqueueJob(trx, { name: "count", payload: { n } }));
    return out;
  });
  const workers = [1, 2, 3].map((i) =>
    startWorker({
      db: database.db,
      engine: database.engine,
      handlers,
      concurrency: 8,
      pollMs: 10,
      workerId: `w${i}`,
    }),
  );
  await waitFor(
    async () =>
      (
        await database.db
          .selectFrom("jobs")
          .select("id")
          .where("status", "!=", "done")
          .where("id", "in", ids)
          .execute()
      ).length === 0,
    "all jobs done",
  );
  await Promise.all(workers.map((w) => w.stop()));
  assert.equal(runs.size, 300);
  assert.ok([...runs.values()].every((n) => n === 1));
  const attempts = await database.db
    .selectFrom("job_attempts")
    .selectAll()
    .where("job_id", "in", ids)
    .execute();
  assert.equal(attempts.length, 300);
  assert.ok(attempts.every((a) => a.outcome === "done" && a.ended_at !== null));
  const workersSeen = new Set(attempts.map((a) => a.worker_id));
  assert.ok(workersSeen.size >= 2, `work was shared (${[...workersSeen]})`);
  await assertNoOverlappingClaims(database.db);
});

test("a failing job is retried with backoff, then dead with its last error", async () => {
  let calls = 0;
  const id = await enqueueJob(database.db, { name: "flaky", payload: {}, maxAttempts: 3 });
  const worker = startWorker({
    db: database.db,
    engine: database.engine,
    concurrency: 1,
    pollMs: 10,
    retryBaseMs: 20,
    handlers: {
      flaky: async () => {
        calls++;
        throw new Error(`boom ${calls}`);
      },
    },
  });
  await waitFor(async () => (await statusOf(id)) === "dead", "dead job");
  await worker.stop();
  const row = await database.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  assert.equal(calls, 3);
  assert.equal(row.attempts, 3);
  assert.equal(row.last_error, "boom 3");
  const attempts = await database.db
    .selectFrom("job_attempts")
    .selectAll()
    .where("job_id", "=", id)
    .orderBy("attempt")
    .execute();
  assert.deepEqual(
    attempts.map((a) => a.outcome),
    ["retry", "retry", "dead"],
  );
  // exponential: the second wait is longer than the base (20 ms), the gaps grow
  assert.ok(attempts[1].started_at - (attempts[0].ended_at ?? 0) >= 15);
  assert.ok(attempts[2].started_at - (attempts[1].ended_at ?? 0) >= 35);
});

test("RetryLater reschedules at the handler's own delay and a later attempt completes", async () => {
  const seen: number[] = [];
  const id = await enqueueJob(database.db, { name: "later", payload: {} });
  const worker = startWorker({
    db: database.db,
    engine: database.engine,
    concurrency: 1,
    pollMs: 10,
    handlers: {
      later: async (_payload: unknown, job: RunningJob) => {
        seen.push(Date.now());
        if (job.attempt < 2) throw new RetryLater(150, "not yet");
      },
    },
  });
  await waitFor(async () => (await statusOf(id)) === "done", "done job");
  await worker.stop();
  assert.equal(seen.length, 2);
  assert.ok(seen[1] - seen[0] >= 150);
});

test("a job whose worker vanished is taken over once its lease expires, and the old holder cannot settle it", async () => {
  const id = await enqueueJob(database.db, { name: "takeover", payload: {} });
  // Long enough that the second claim below surely falls inside it, even on a busy machine.
  const [stolen] = await claimJobs(database.db, database.engine, {
    workerId: "ghost",
    names: ["takeover"],
    limit: 1,
    leaseMs: 1000,
  });
  assert.equal(stolen.id, id);
  const again = await claimJobs(database.db, database.engine, {
    workerId: "other",
    names: ["takeover"],
    limit: 5,
    leaseMs: 200,
  });
  assert.equal(again.filter((j) => j.id === id).length, 0, "held jobs are not claimable");
  let ran = 0;
  const worker = startWorker({
    db: database.db,
    engine: database.engine,
    concurrency: 1,
    pollMs: 10,
    handlers: {
      takeover: async () => {
        ran++;
      },
    },
  });
  await waitFor(async () => (await statusOf(id)) === "done", "taken-over job");
  await worker.stop();
  assert.equal(ran, 1);
  const attempts = await database.db
    .selectFrom("job_attempts")
    .selectAll()
    .where("job_id", "=", id)
    .orderBy("attempt")
    .execute();
  assert.deepEqual(
    attempts.map((a) => [a.worker_id, a.outcome]),
    [
      ["ghost", "lost"],
      [worker.id, "done"],
    ],
  );
  assert.ok(attempts[1].started_at > attempts[0].lease_until);
});

test("a heartbeat keeps a long job's lease: nobody else takes it", async () => {
  const id = await enqueueJob(database.db, { name: "long", payload: {} });
  let runs = 0;
  const handlers = {
    long: async () => {
      runs++;
      await sleep(2400); // outlives the 1500 ms lease; the 500 ms heartbeat leaves room for a stalled loop
    },
  };
  const a = startWorker({
    db: database.db,
    engine: database.engine,
    concurrency: 1,
    pollMs: 10,
    leaseMs: 1500,
    handlers,
  });
  const b = startWorker({
    db: database.db,
    engine: database.engine,
    concurrency: 1,
    pollMs: 10,
    leaseMs: 1500,
    handlers,
  });
  await waitFor(async () => (await statusOf(id)) === "done", "long job");
  await Promise.all([a.stop(), b.stop()]);
  assert.equal(runs, 1);
});

test("a job that dies calls its handler's giveUp once; one lost to crashes gives up without running again", async () => {
  const gaveUp: string[] = [];
  let runs = 0;
  const handlers = {
    doomed: {
      run: async () => {
        runs++;
        throw new Error("always");
      },
      giveUp: async (payload: { n: number }, error: string) => {
        gaveUp.push(`${payload.n}:${error}`);
      },
    },
  };
  const crashing = await enqueueJob(database.db, { name: "doomed", payload: { n: 2 }, maxAttempts: 2 });
  // two "workers" claim the crashing job and vanish (their leases expire)
  for (const ghost of ["ghost-a", "ghost-b"]) {
    const claimed = await claimJobs(database.db, database.engine, {
      workerId: ghost,
      names: ["doomed"],
      limit: 1,
      leaseMs: 50,
    });
    assert.equal(claimed[0]?.id, crashing);
    await sleep(80);
  }
  const failing = await enqueueJob(database.db, { name: "doomed", payload: { n: 1 }, maxAttempts: 2 });
  const worker = startWorker({
    db: database.db,
    engine: database.engine,
    concurrency: 2,
    pollMs: 10,
    retryBaseMs: 10,
    handlers,
  });
  await waitFor(
    async () => (await statusOf(failing)) === "dead" && (await statusOf(crashing)) === "dead",
    "dead jobs",
  );
  await worker.stop();
  assert.equal(runs, 2, "only the failing job ran (twice)");
  assert.deepEqual(gaveUp.sort(), ["1:always", "2:gave up after 2 attempts"]);
});

test("a job this worker has no handler for waits for one that has (upgrades in any order)", async () => {
  const id = await enqueueJob(database.db, { name: "from-a-newer-version", payload: {} });
  const older = startWorker({
    db: database.db,
    engine: database.engine,
    handlers: { count: async () => {} },
    concurrency: 2,
    pollMs: 10,
  });
  await sleep(200);
  await older.stop();
  assert.equal(await statusOf(id), "queued");
  let ran = 0;
  const newer = startWorker({
    db: database.db,
    engine: database.engine,
    handlers: { "from-a-newer-version": async () => void ran++ },
    concurrency: 2,
    pollMs: 10,
  });
  await waitFor(async () => (await statusOf(id)) === "done", "the newer worker's run");
  await newer.stop();
  assert.equal(ran, 1);
});
