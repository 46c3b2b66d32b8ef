import { UPSTREAMS, type Upstream } from "./chaos/upstreams.ts";

export type UpstreamCounts = { started: number; completed: number; aborted: number };

/** Per-upstream request counters behind GET /_control/stats (aborted = the client went away first). */
export type UpstreamStats = {
  counts: Record<Upstream, UpstreamCounts>;
  reset(): void;
};

export function createUpstreamStats(): UpstreamStats {
  const fresh = () =>
    Object.fromEntries(UPSTREAMS.map((u) => [u, { started: 0, completed: 0, aborted: 0 }])) as Record<
      Upstream,
      UpstreamCounts
    >;
  const stats: UpstreamStats = {
    counts: fresh(),
    reset() {
      stats.counts = fresh();
    },
  };
  return stats;
}
