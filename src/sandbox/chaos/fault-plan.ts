import type { Rng } from "./rng.ts";
import type { Upstream } from "./upstreams.ts";

export const FAULT_KINDS = ["timeout", "error5xx", "reset", "garbage"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Share of calls (0–1) that fail, and the kinds drawn from (uniformly). */
type FaultSetting = { share: number; kinds: readonly FaultKind[] };

const NO_FAULTS: FaultSetting = { share: 0, kinds: FAULT_KINDS };

/** Runtime-adjustable failure shares per upstream (the control endpoint sets them). */
export function createFaultPlan() {
  const settings = new Map<Upstream, FaultSetting>();
  return {
    set(upstream: Upstream, share: number, kinds: readonly FaultKind[] = FAULT_KINDS) {
      if (!(share >= 0 && share <= 1))
        throw new RangeError(`failure share must be within 0..1, got ${share}`);
      if (kinds.length === 0 || kinds.some((kind) => !FAULT_KINDS.includes(kind))) {
        throw new RangeError(`fault kinds must be a non-empty subset of ${FAULT_KINDS.join(", ")}`);
      }
      settings.set(upstream, { share, kinds: [...kinds] });
    },
    clear(upstream?: Upstream) {
      if (upstream) settings.delete(upstream);
      else settings.clear();
    },
    snapshot: (): Partial<Record<Upstream, FaultSetting>> => Object.fromEntries(settings),
    /** Draws whether this call fails and how; null = answer normally. */
    pickFault(upstream: Upstream, rng: Rng): FaultKind | null {
      const { share, kinds } = settings.get(upstream) ?? NO_FAULTS;
      if (rng() >= share) return null;
      return kinds[Math.floor(rng() * kinds.length)];
    },
  };
}

export type FaultPlan = ReturnType<typeof createFaultPlan>;
