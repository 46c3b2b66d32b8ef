import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "../../src/platform/db/connect.ts";
import { type Child, stopChild } from "./processes.ts";

const countOf = async (query: Promise<{ n: unknown }>) => Number((await query).n);

/** Every request answered and every webhook out of `pending`, with `deliveries` deliveries made in all. */
async function allSettled(db: Db, deliveries: number): Promise<boolean> {
  const processing = await db
    .selectFrom("requests")
    .select("request_id")
    .where("status", "=", "processing")
    .execute();
  const pending = await db
    .selectFrom("webhook_deliveries")
    .select("id")
    .where("status", "=", "pending")
    .execute();
  const made = await countOf(
    db
      .selectFrom("webhook_deliveries")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow(),
  );
  return processing.length === 0 && pending.length === 0 && made === deliveries;
}

/**
 * The crash drill: starts a worker process, waits until it has claimed a job, SIGKILLs it 30–400 ms
 * later, and again, up to `maxKills` times or until all work is settled; then one last worker runs
 * everything that is left. Returns how many workers were killed.
 */
export async function killWorkersUntilSettled(
  db: Db,
  options: {
    spawn: () => Child;
    deliveries: number;
    maxKills: number;
    /** When given, each kill waits (up to 5 s) until this says the moment is right, e.g. a call in flight. */
    killWhen?: () => Promise<boolean>;
  },
): Promise<number> {
  const attemptsSoFar = () =>
    countOf(
      db
        .selectFrom("job_attempts")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow(),
    );
  let kills = 0;
  let worker: Child | null = null;
  try {
    while (kills < options.maxKills && !(await allSettled(db, options.deliveries))) {
      worker = options.spawn();
      const claimedBefore = await attemptsSoFar();
      while ((await attemptsSoFar()) === claimedBefore && worker.process.exitCode === null) await sleep(10);
      await sleep(30 + Math.random() * 370);
      for (const until = Date.now() + 5_000; options.killWhen && Date.now() < until; await sleep(5))
        if (await options.killWhen()) break;
      worker.process.kill("SIGKILL");
      await worker.exited;
      kills++;
    }
    worker = options.spawn();
    const deadline = Date.now() + 180_000; // hang guard only
    while (!(await allSettled(db, options.deliveries))) {
      if (Date.now() > deadline) {
        const jobs = await db
          .selectFrom("jobs")
          .select(["name", "status", "attempts", "last_error"])
          .where("status", "!=", "done")
          .execute();
        throw new Error(`not settled after the crashes: ${JSON.stringify(jobs)}\n${worker.output.join("")}`);
      }
      await sleep(50);
    }
  } finally {
    if (worker) await stopChild(worker);
  }
  return kills;
}
