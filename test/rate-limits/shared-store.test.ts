import assert from "node:assert/strict";
import { test } from "node:test";
import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import { connectSharedRedis, type SharedRedis } from "../../src/platform/redis/shared-redis.ts";
import { sharedStore } from "../../src/rate-limits/shared-store.ts";

function storeOver(redis: SharedRedis, nameSpace: string): FastifyRateLimitStore {
  const Store = sharedStore(redis, "api", nameSpace);
  assert.ok(Store);
  return new Store({});
}

const take = (store: FastifyRateLimitStore, key: string) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), 5_000, 10),
  );

test("through Redis: two stores share one count per key; an unreachable Redis counts here, never unlimited", async () => {
  const logs: string[] = [];
  const log = (level: string, message: string) => void logs.push(`${level} ${message}`);
  // A generous timeout: a loaded test machine must not look like a slow Redis here.
  const redis = await connectSharedRedis("redis://127.0.0.1:6379", log, 2_000);
  const nameSpace = `padron-test-${process.pid}-${Date.now()}:`;
  try {
    const [first, second] = [storeOver(redis, nameSpace), storeOver(redis, nameSpace)];
    const taken = [await take(first, "k"), await take(second, "k"), await take(first, "k")];
    assert.deepEqual(
      taken.map((t) => t.current),
      [1, 2, 3],
    );
    for (const t of taken) assert.ok(t.ttl > 0 && t.ttl <= 5_000);
    assert.equal((await take(first, "other")).current, 1);
    assert.equal(await redis.state(), "ok");
  } finally {
    redis.close();
  }
  assert.equal(logs.length, 0, logs.join("\n"));
  const closed = await connectSharedRedis("redis://127.0.0.1:1", log);
  try {
    const store = storeOver(closed, nameSpace);
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push((await take(store, "k")).current);
    assert.deepEqual(counts, [1, 2, 3]);
    assert.equal(await closed.state(), "degraded");
    assert.equal(logs.filter((line) => line.startsWith("warn")).length, 1, logs.join("\n"));
  } finally {
    closed.close();
  }
});
