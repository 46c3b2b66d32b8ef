// Loads two servers in alternation, `rounds` times, and reports each round's throughput ratio and the
// median: on a shared 2-CPU machine a single 10 s window swings by 30 % either way.
export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  connections?: number;
};

/**
 * A server's throughput is the best of its loads at each connection count: a bare route is saturated
 * by a few connections, a route that group-commits needs more requests in flight to fill its batches.
 */
export async function bestOf(
  connectionCounts: readonly number[],
  load: (connections: number) => Promise<LoadResult>,
): Promise<LoadResult> {
  let best: LoadResult | null = null;
  for (const connections of connectionCounts) {
    const result = { ...(await load(connections)), connections };
    if (!best || result.rps > best.rps) best = result;
  }
  return best as LoadResult;
}

export async function alternateRounds(
  rounds: number,
  base: () => Promise<LoadResult>,
  measured: () => Promise<LoadResult>,
) {
  const results: { base: LoadResult; measured: LoadResult; ratio: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    const baseResult = await base();
    const measuredResult = await measured();
    const ratio = Number((measuredResult.rps / baseResult.rps).toFixed(3));
    results.push({ base: baseResult, measured: measuredResult, ratio });
  }
  const ratios = results.map((r) => r.ratio).sort((a, b) => a - b);
  return { rounds: results, median_ratio: ratios[Math.floor(ratios.length / 2)] };
}
