import { BulkheadPolicy, BulkheadRejectedError, TaskCancelledError } from "cockatiel";
import { CallerAborted, UpstreamFailure } from "./upstream-failure.ts";

/** A cap per owner in front of a shared bulkhead: one owner's backlog cannot fill every shared slot. */
export type OwnerLanes = {
  run<T>(owner: string, signal: AbortSignal, work: () => Promise<T>): Promise<T>;
};

/**
 * Each owner gets a cockatiel bulkhead of `perOwner` slots (its extra calls wait in its own queue, in
 * order); a lane is dropped as soon as its owner has nothing queued or running.
 */
export function createOwnerLanes(settings: { perOwner: number; queueLimit: number }): OwnerLanes {
  const lanes = new Map<string, { bulkhead: BulkheadPolicy; calls: number }>();
  return {
    async run(owner, signal, work) {
      let lane = lanes.get(owner);
      if (!lane) {
        lane = { bulkhead: new BulkheadPolicy(settings.perOwner, settings.queueLimit), calls: 0 };
        lanes.set(owner, lane);
      }
      lane.calls++;
      const running = lane.bulkhead.execute(work, signal);
      running.catch(() => {});
      // cockatiel drops a cancelled call from its queue only when a slot frees: answer the caller now.
      let onAbort = () => {};
      const cancelled = new Promise<never>((_, reject) => {
        onAbort = () => reject(new CallerAborted("cancelled while waiting in its owner's lane"));
        signal.addEventListener("abort", onAbort, { once: true });
      });
      try {
        return await Promise.race([running, cancelled]);
      } catch (error) {
        if (error instanceof TaskCancelledError) throw new CallerAborted("cancelled in its owner's lane");
        if (error instanceof BulkheadRejectedError)
          throw new UpstreamFailure("overloaded", "overloaded", false);
        throw error;
      } finally {
        signal.removeEventListener("abort", onAbort);
        if (--lane.calls === 0) lanes.delete(owner);
      }
    },
  };
}
