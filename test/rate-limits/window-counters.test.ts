import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { memoryWindowCounter, redisWindowCounter } from "../../src/rate-limits/window-counters.ts";

test("in memory: each key counts in its own window, which starts over once it has ended", async () => {
  const counter = memoryWindowCounter();
  const counts = [1, 2, 3].map(() => counter.take("key-a", 200));
  assert.deepEqual(
    counts.map((taken) => ("count" in taken ? taken.count : null)),
    [1, 2, 3],
  );
  for (const taken of counts) assert.ok("msLeft" in taken && taken.msLeft > 0 && taken.msLeft <= 200);
  assert.deepEqual(counter.take("key-b", 200), { count: 1, msLeft: 200 });
  await sleep(250);
  assert.equal((counter.take("key-a", 200) as { count: number }).count, 1);
});

test("in memory: the sweep of ended windows, once the map grows, keeps the live ones counting", async () => {
  const counter = memoryWindowCounter(3);
  counter.take("old-1", 50);
  counter.take("old-2", 50);
  await sleep(80);
  counter.take("live", 60_000);
  counter.take("live", 60_000);
  counter.take("new", 60_000); // the map holds 3: the sweep runs before this key is added
  assert.equal((counter.take("live", 60_000) as { count: number }).count, 3);
});

test("through Redis: two counters share one count per key; an unreachable Redis lets requests through", async () => {
  const redis = new Redis("redis://127.0.0.1:6379", { maxRetriesPerRequest: 1 });
  const prefix = `padron-test-${process.pid}-${Date.now()}:`;
  try {
    const [first, second] = [redisWindowCounter(redis, prefix), redisWindowCounter(redis, prefix)];
    const taken = [await first.take("k", 5_000), await second.take("k", 5_000), await first.take("k", 5_000)];
    assert.deepEqual(
      taken.map((t) => t?.count),
      [1, 2, 3],
    );
    for (const t of taken) assert.ok(t && t.msLeft > 0 && t.msLeft <= 5_000);
  } finally {
    redis.disconnect();
  }
  const closed = new Redis("redis://127.0.0.1:1", {
    maxRetriesPerRequest: 0,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  closed.on("error", () => {}); // the refused connection is the point of this case
  assert.equal(await redisWindowCounter(closed, prefix).take("k", 5_000), null);
  closed.disconnect();
});
