import { normal, type Rng } from "./rng.ts";
import type { Upstream } from "./upstreams.ts";

/** Typical duration range in ms (spec §8), read as the 10th–90th percentile of a log-normal. */
type LatencyRange = { low: number; high: number };

// padrón: ~1–2 s for one record, ~10–15 s for a full 5,000-record call, linear in between.
const PADRON_ONE: LatencyRange = { low: 1000, high: 2000 };
const PADRON_FULL: LatencyRange = { low: 10_000, high: 15_000 };
const PADRON_FULL_RECORDS = 5000;

const LATENCY_RANGES: Readonly<Record<Exclude<Upstream, "padron">, LatencyRange>> = {
  "certificate-search": { low: 1000, high: 3000 }, // profile ~1–3 s
  "certificate-files": { low: 50, high: 300 }, // a static file store; not in the spec
  renapo: { low: 700, high: 1400 }, // ~1 s
  "commerce-registry": { low: 20_000, high: 60_000 },
  "contributor-lists": { low: 2, high: 20 }, // "milliseconds"
  "postal-codes": { low: 2, high: 20 },
  "sat-csf": { low: 400, high: 1500 }, // "about a second" (issue 25)
};

const Z90 = 1.2816; // standard normal 90th percentile

export function latencyRange(upstream: Upstream, records = 1): LatencyRange {
  if (upstream !== "padron") return LATENCY_RANGES[upstream];
  const share = Math.min(Math.max(records - 1, 0) / (PADRON_FULL_RECORDS - 1), 1);
  return {
    low: PADRON_ONE.low + (PADRON_FULL.low - PADRON_ONE.low) * share,
    high: PADRON_ONE.high + (PADRON_FULL.high - PADRON_ONE.high) * share,
  };
}

/**
 * A latency in ms for one call: log-normal around the spec's range, tails clamped to
 * [low/2, high×1.5], multiplied by `timeScale` (0 disables waiting). `records` only matters for padrón.
 */
export function latencyFor(upstream: Upstream, rng: Rng, timeScale: number, records = 1): number {
  const { low, high } = latencyRange(upstream, records);
  const median = Math.sqrt(low * high);
  const sigma = Math.log(high / low) / (2 * Z90);
  const sample = median * Math.exp(sigma * normal(rng));
  const clamped = Math.min(Math.max(sample, low / 2), high * 1.5);
  return timeScale > 0 ? clamped * timeScale : 0;
}
