import { createOperationRegistry, type OperationRegistry } from "./async-requests/operations.ts";
import type { Charge, ChargeInput } from "./credits/charge-credits.ts";
import { chargeTogether } from "./credits/charge-together.ts";
import { batchPerTurn, type TurnBatcher } from "./platform/batch-per-turn.ts";
import type { DatabaseHandle } from "./platform/db/connect.ts";

/**
 * What one app (or worker process) keeps while it runs and every verb reaches through its context:
 * built once by buildApp or `padron worker`, never a module's own, so two apps share nothing.
 */
export interface Services {
  /** The operations that can be answered by webhook (acceptance and the workers). */
  operations: OperationRegistry;
  /**
   * Group commit: the charges of requests that arrive together are sent as one batch on the next turn
   * of the event loop (one owner's charges become one conditional update when its balance covers them
   * all, so none can overdraw). One batch at a time: on PostgreSQL, charges of one owner sent side by
   * side wait for each other's row lock and commit one by one (decision 0024).
   */
  charges: TurnBatcher<ChargeInput, Charge | null>;
  /**
   * Aborted when a stopping process stops waiting for the requests in flight: each synchronous request
   * still running ends (503), its charge refunded, before the process exits.
   */
  abandon: AbortController;
}

export function createServices(database: DatabaseHandle): Services {
  return {
    operations: createOperationRegistry(),
    charges: batchPerTurn((inputs) => chargeTogether(database, inputs), 256),
    abandon: new AbortController(),
  };
}
