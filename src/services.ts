import { createOperationRegistry, type OperationRegistry } from "./async-requests/operations.ts";
import { type ChargeBatcher, createChargeBatcher } from "./credits/charge-batcher.ts";
import type { DatabaseHandle } from "./platform/db/connect.ts";

/**
 * What one app (or worker process) keeps while it runs and every verb reaches through its context:
 * built once by buildApp or `padron worker`, never a module's own, so two apps share nothing.
 */
export interface Services {
  /** The operations that can be answered by webhook (acceptance and the workers). */
  operations: OperationRegistry;
  /** Group-committed charges. */
  charges: ChargeBatcher;
}

export function createServices(database: DatabaseHandle): Services {
  return { operations: createOperationRegistry(), charges: createChargeBatcher(database) };
}
