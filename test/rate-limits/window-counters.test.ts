import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { connectSharedRedis } from "../../src/platform/redis/shared-redis.ts";
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

test("through Redis: two counters share one count per key; an unreachable Redis counts here, never unlimited", async () => {
  const logs: string[] = [];
  const log = (level: string, message: string) => void logs.push(`${level} ${message}`);
  // A generous timeout: a loaded test machine must not look like a slow Redis here.
  const redis = await connectSharedRedis("redis://127.0.0.1:6379", log, 2_000);
  const prefix = `padron-test-${process.pid}-${Date.now()}:`;
  try {
    const [first, second] = [
      redisWindowCounter(redis, prefix, "api"),
      redisWindowCounter(redis, prefix, "api"),
    ];
    const taken = [await first.take("k", 5_000), await second.take("k", 5_000), await first.take("k", 5_000)];
    assert.deepEqual(
      taken.map((t) => t.count),
      [1, 2, 3],
    );
    for (const t of taken) assert.ok(t.msLeft > 0 && t.msLeft <= 5_000);
    assert.equal(await redis.state(), "ok");
  } finally {
    redis.close();
  }
  assert.equal(logs.length, 0, logs.join("\n"));
  const closed = await connectSharedRedis("redis://127.0.0.1:1", log);
  try {
    const counter = redisWindowCounter(closed, prefix, "api");
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push((await counter.take("k", 5_000)).count);
    assert.deepEqual(counts, [1, 2, 3]);
    assert.equal(await closed.state(), "degraded");
    assert.equal(logs.filter((line) => line.startsWith("warn")).length, 1, logs.join("\n"));
  } finally {
    closed.close();
  }
});
