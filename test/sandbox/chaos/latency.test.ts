import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { latencyFor, latencyRange } from "../../../src/sandbox/chaos/latency.ts";
import { createRng } from "../../../src/sandbox/chaos/rng.ts";
import { UPSTREAMS, type Upstream } from "../../../src/sandbox/chaos/upstreams.ts";

const sample = (upstream: Upstream, timeScale: number, records = 1, count = 4000) => {
  const rng = createRng(`latency-${upstream}`);
  return Array.from({ length: count }, () => latencyFor(upstream, rng, timeScale, records)).sort(
    (a, b) => a - b,
  );
};
const percentile = (sorted: number[], p: number) => sorted[Math.floor((sorted.length - 1) * p)];

describe("latencyFor", () => {
  it("follows the spec's durations: most calls inside the range, none beyond the clamps", () => {
    const expectations: [Upstream, number, number][] = [
      ["padron", 1000, 2000],
      ["certificate-search", 1000, 3000],
      ["renapo", 700, 1400],
      ["commerce-registry", 20_000, 60_000],
      ["contributor-lists", 2, 20],
    ];
    for (const [upstream, low, high] of expectations) {
      const values = sample(upstream, 1);
      const inside = values.filter((value) => value >= low && value <= high).length / values.length;
      assert.ok(inside > 0.75 && inside < 0.85, `${upstream}: ${inside} inside [${low}, ${high}]`);
      assert.ok(values[0] >= low / 2 && values.at(-1)! <= high * 1.5, upstream);
    }
  });

  it("is a distribution, not a constant", () => {
    for (const upstream of UPSTREAMS) {
      const values = sample(upstream, 1, 1, 200);
      assert.ok(new Set(values).size > 150, upstream);
    }
  });

  it("grows padrón latency with the record count up to 10–15 s for 5,000 records", () => {
    assert.deepEqual(latencyRange("padron", 5000), { low: 10_000, high: 15_000 });
    const full = sample("padron", 1, 5000);
    const median = percentile(full, 0.5);
    assert.ok(median > 11_000 && median < 13_500, `median ${median}`);
    const half = latencyRange("padron", 2500);
    assert.ok(half.low > 5000 && half.high < 9000);
  });

  it("scales by timeScale and is zero at scale 0", () => {
    const full = sample("renapo", 1);
    const tiny = sample("renapo", 0.001);
    assert.ok(Math.abs(percentile(tiny, 0.5) - percentile(full, 0.5) / 1000) < 1e-9);
    assert.ok(sample("renapo", 0).every((value) => value === 0));
  });

  it("is deterministic for a seed", () => {
    assert.deepEqual(sample("commerce-registry", 1, 1, 50), sample("commerce-registry", 1, 1, 50));
  });
});
