import type { Db } from "../platform/db/connect.ts";
import { type Charge, type ChargeInput, tryChargeCredits } from "./charge-credits.ts";

interface Pending {
  input: ChargeInput;
  resolve(charge: Charge | null): void;
  reject(error: unknown): void;
}

export type ChargeBatcher = (input: ChargeInput) => Promise<Charge | null>;

/**
 * Group commit: charges that arrive while a transaction runs are applied together in the next one.
 * Each charge is still its own conditional update, so none can overdraw; only the commit is shared,
 * which is what bounds throughput on a single-writer database.
 */
export function createChargeBatcher(db: Db, maxBatch = 256): ChargeBatcher {
  let queue: Pending[] = [];
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const results = await db.transaction().execute(async (trx) => {
          const out: (Charge | null)[] = [];
          for (const item of batch) out.push(await tryChargeCredits(trx, item.input));
          return out;
        });
        for (const [i, item] of batch.entries()) item.resolve(results[i]);
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    running = false;
  }

  return (input) =>
    new Promise((resolve, reject) => {
      queue.push({ input, resolve, reject });
      // Start on the next turn of the event loop, after every request already readable has queued.
      if (!running) {
        running = true;
        setImmediate(() => void drain());
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
