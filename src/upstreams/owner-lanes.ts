import { BulkheadPolicy } from "cockatiel";
import { ownError, untilAborted } from "./build-policy.ts";

/**
 * A cap per owner in front of a shared bulkhead, so one owner's backlog cannot fill every shared slot:
 * each owner gets a cockatiel bulkhead of `perOwner` slots (its extra calls wait in its own queue, in
 * order); a lane is dropped as soon as its owner has nothing queued or running.
 */
export function createOwnerLanes(settings: { perOwner: number; queueLimit: number }) {
  const lanes = new Map<string, { bulkhead: BulkheadPolicy; calls: number }>();
  return {
    async run<T>(owner: string, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
      let lane = lanes.get(owner);
      if (!lane) {
        lane = { bulkhead: new BulkheadPolicy(settings.perOwner, settings.queueLimit), calls: 0 };
        lanes.set(owner, lane);
      }
      lane.calls++;
      try {
        return await untilAborted(lane.bulkhead.execute(work, signal), signal);
      } catch (error) {
        throw ownError(error);
      } finally {
        if (--lane.calls === 0) lanes.delete(owner);
      }
    },
  };
}
