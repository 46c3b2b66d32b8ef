import { batchPerTurn, type TurnBatcher } from "../platform/batch-per-turn.ts";
import type { DatabaseHandle } from "../platform/db/connect.ts";
import type { Charge, ChargeInput } from "./charge-credits.ts";
import { chargeTogether } from "./charge-together.ts";

export type ChargeBatcher = TurnBatcher<ChargeInput, Charge | null>;

/**
 * Group commit: the charges of requests that arrive together are sent as one batch on the next turn
 * of the event loop (one owner's charges become one conditional update when its balance covers them
 * all, so none can overdraw). One batch at a time: on PostgreSQL, charges of one owner sent side by
 * side wait for each other's row lock and commit one by one (decision 0024).
 */
export function createChargeBatcher(database: DatabaseHandle, maxBatch = 256): ChargeBatcher {
  return batchPerTurn((inputs) => chargeTogether(database, inputs), maxBatch);
}
