import type { Db } from "../platform/db/connect.ts";
import type { Charge, ChargeInput } from "./charge-credits.ts";
import { chargeTogether } from "./charge-together.ts";

interface Pending {
  input: ChargeInput;
  resolve(charge: Charge | null): void;
  reject(error: unknown): void;
}

export type ChargeBatcher = (input: ChargeInput) => Promise<Charge | null>;

/**
 * Group commit: charges that arrive while a transaction runs are applied together in the next one
 * (one owner's charges as one conditional update when its balance covers them all), so none can
 * overdraw; the shared commit is what bounds throughput on a single-writer database.
 */
export function createChargeBatcher(db: Db, maxBatch = 256, maxWaitTurns = 4): ChargeBatcher {
  let queue: Pending[] = [];
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const inputs = batch.map((item) => item.input);
        const results = await db.transaction().execute((trx) => chargeTogether(trx, inputs));
        for (const [i, item] of batch.entries()) item.resolve(results[i]);
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    running = false;
  }

  // Starts on a later turn of the event loop, once every request already readable has queued; while
  // each turn brings more charges (the service is busy) it waits a few turns more, so that one commit
  // serves them all.
  const startAfterTurns = (queued: number, turns: number) =>
    setImmediate(() => {
      if (queue.length > queued && turns < maxWaitTurns) startAfterTurns(queue.length, turns + 1);
      else void drain();
    });

  return (input) =>
    new Promise((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (!running) {
        running = true;
        startAfterTurns(queue.length, 0);
      }
    });
}

const batchers = new WeakMap<Db, ChargeBatcher>();

/** One batcher per database handle, shared by every request of the process. */
export function chargeBatcherFor(db: Db): ChargeBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createChargeBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}
