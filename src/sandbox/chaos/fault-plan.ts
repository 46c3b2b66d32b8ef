import type { Rng } from "./rng.ts";
import type { Upstream } from "./upstreams.ts";

export const FAULT_KINDS = ["timeout", "error5xx", "reset", "garbage"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Share of calls (0–1) that fail, and the kinds drawn from (uniformly). */
export type FaultSetting = { share: number; kinds: readonly FaultKind[] };

/** Runtime-adjustable failure shares per upstream (the control endpoint sets them). */
export type FaultPlan = {
  set(upstream: Upstream, share: number, kinds?: readonly FaultKind[]): void;
  clear(upstream?: Upstream): void;
  get(upstream: Upstream): FaultSetting;
  snapshot(): Partial<Record<Upstream, FaultSetting>>;
  /** Draws whether this call fails and how; null = answer normally. */
  pickFault(upstream: Upstream, rng: Rng): FaultKind | null;
};

const NO_FAULTS: FaultSetting = { share: 0, kinds: FAULT_KINDS };

export function createFaultPlan(initial: Partial<Record<Upstream, FaultSetting>> = {}): FaultPlan {
  const settings = new Map<Upstream, FaultSetting>();
  const plan: FaultPlan = {
    set(upstream, share, kinds = FAULT_KINDS) {
      if (!(share >= 0 && share <= 1))
        throw new RangeError(`failure share must be within 0..1, got ${share}`);
      if (kinds.length === 0 || kinds.some((kind) => !FAULT_KINDS.includes(kind))) {
        throw new RangeError(`fault kinds must be a non-empty subset of ${FAULT_KINDS.join(", ")}`);
      }
      settings.set(upstream, { share, kinds: [...kinds] });
    },
    clear(upstream) {
      if (upstream) settings.delete(upstream);
      else settings.clear();
    },
    get: (upstream) => settings.get(upstream) ?? NO_FAULTS,
    snapshot: () => Object.fromEntries(settings),
    pickFault(upstream, rng) {
      const { share, kinds } = plan.get(upstream);
      if (rng() >= share) return null;
      return kinds[Math.floor(rng() * kinds.length)];
    },
  };
  for (const [upstream, setting] of Object.entries(initial) as [Upstream, FaultSetting][]) {
    plan.set(upstream, setting.share, setting.kinds);
  }
  return plan;
}
