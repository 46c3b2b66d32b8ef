import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { chance, createRng, normal, pick, randomInt } from "../../../src/sandbox/chaos/rng.ts";

const draws = (seed: number | string, count: number) => {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => rng());
};

describe("createRng", () => {
  it("repeats the same sequence for the same seed, and differs for another seed", () => {
    assert.deepEqual(draws(1, 100), draws(1, 100));
    assert.deepEqual(draws("padron", 10), draws("padron", 10));
    assert.notDeepEqual(draws(1, 10), draws(2, 10));
    assert.notDeepEqual(draws("1", 10), draws("2", 10));
  });

  it("stays in [0, 1) and is roughly uniform", () => {
    const values = draws(42, 20_000);
    assert.ok(values.every((value) => value >= 0 && value < 1));
    const buckets = Array(10).fill(0);
    for (const value of values) buckets[Math.floor(value * 10)]++;
    for (const count of buckets) assert.ok(count > 1800 && count < 2200, `bucket ${count}`);
  });

  it("provides integer, pick, chance and normal helpers", () => {
    const rng = createRng(7);
    const ints = Array.from({ length: 1000 }, () => randomInt(rng, 3, 5));
    assert.deepEqual([...new Set(ints)].sort(), [3, 4, 5]);
    assert.ok(["a", "b"].includes(pick(rng, ["a", "b"])));
    assert.throws(() => pick(rng, []), RangeError);
    const hits = Array.from({ length: 10_000 }, () => chance(rng, 0.3)).filter(Boolean).length;
    assert.ok(hits > 2700 && hits < 3300, `chance hits ${hits}`);
    const samples = Array.from({ length: 10_000 }, () => normal(rng));
    const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
    const variance = samples.reduce((a, b) => a + (b - mean) ** 2, 0) / samples.length;
    assert.ok(Math.abs(mean) < 0.05 && Math.abs(variance - 1) < 0.05, `mean ${mean} variance ${variance}`);
  });
});
