import type { Db } from "../platform/db/connect.ts";
import { runWrite } from "../platform/db/write-task.ts";
import type { Charge, ChargeInput } from "./charge-credits.ts";
import { chargeTogetherTask } from "./charge-together.ts";

interface Pending {
  input: ChargeInput;
  resolve(charge: Charge | null): void;
  reject(error: unknown): void;
}

export type ChargeBatcher = (input: ChargeInput) => Promise<Charge | null>;

/**
 * Group commit: the charges of requests that arrive together are sent as one batch on the next turn
 * of the event loop (one owner's charges become one conditional update when its balance covers them
 * all, so none can overdraw). Batches do not wait for each other: on SQLite the write thread commits
 * those that reach it together in one transaction, and the commit is what bounds throughput.
 */
export function createChargeBatcher(db: Db, maxBatch = 256): ChargeBatcher {
  let queue: Pending[] = [];
  let scheduled = false;

  function sendQueued(): void {
    scheduled = false;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      runWrite(
        db,
        chargeTogetherTask,
        batch.map((item) => item.input),
      ).then(
        (results) => {
          for (const [i, item] of batch.entries()) item.resolve(results[i]);
        },
        (error) => {
          for (const item of batch) item.reject(error);
        },
      );
    }
  }

  return (input) =>
    new Promise((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(sendQueued);
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
