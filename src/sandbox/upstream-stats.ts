import { UPSTREAMS, type Upstream } from "./chaos/upstreams.ts";

const zeroCounts = () => ({ started: 0, completed: 0, aborted: 0 });
const freshCounts = () =>
  Object.fromEntries(UPSTREAMS.map((u) => [u, zeroCounts()])) as Record<
    Upstream,
    ReturnType<typeof zeroCounts>
  >;

/** Per-upstream request counters behind GET /_control/stats (aborted = the client went away first). */
export function createUpstreamStats() {
  const stats = {
    counts: freshCounts(),
    reset() {
      stats.counts = freshCounts();
    },
  };
  return stats;
}

export type UpstreamStats = ReturnType<typeof createUpstreamStats>;
