import type { Redis } from "ioredis";
import { Counter, Gauge, type Registry } from "prom-client";
import type { Log } from "../log.ts";

/**
 * The Redis that processes share (rate-limit counters), and whether it can be asked now. Its users
 * fall back to counting in their own process while it cannot, never to no limit.
 */
export interface SharedRedis {
  client: Redis;
  /** Worth asking: connected, and not failing (after a failure, one try a second). */
  usable(): boolean;
  /** Reports how a command went: the first failure of an outage is logged, once. */
  answered(ok: boolean, error?: unknown): void;
  /** A limiter counted a request in this process because Redis could not be asked. */
  fellBack(limiter: string): void;
  /** Asks Redis (a PING) when connected but last seen failing, so recovery shows without traffic. */
  state(): Promise<"ok" | "degraded">;
  registerMetrics(registry: Registry): void;
  close(): void;
}

const RETRY_AFTER_FAILURE_MS = 1_000;

export async function connectSharedRedis(
  url: string,
  log: Log,
  commandTimeoutMs = 100,
): Promise<SharedRedis> {
  const { Redis: RedisClient } = await import("ioredis");
  // Requests never wait on Redis longer than a command's timeout: no offline queue, no retries;
  // reconnects at most a second apart, so limits are shared again about a second after Redis returns.
  const client = new RedisClient(url, {
    lazyConnect: true,
    connectTimeout: 500,
    commandTimeout: commandTimeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 100, 1_000),
  });
  let healthy = false;
  let retryAt = 0;
  let warned = false;
  let closing = false;
  const fallbacks = new Map<string, number>();
  const degrade = (reason: string) => {
    if (closing) return;
    healthy = false;
    retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
    if (warned) return;
    warned = true;
    log("warn", "Redis cannot be asked: rate limits are counted per process until it answers", { reason });
  };
  const recover = () => {
    healthy = true;
    if (!warned) return;
    warned = false;
    log("info", "Redis answers again: rate limits are shared again");
  };
  client.on("ready", recover);
  client.on("error", (error: Error) => degrade(error.message));
  client.on("close", () => degrade("connection closed"));
  await client.connect().catch(() => {}); // the error event has degraded it; reconnecting goes on
  return {
    client,
    usable: () => client.status === "ready" && (healthy || Date.now() >= retryAt),
    answered(ok, error) {
      if (ok) recover();
      else degrade(error instanceof Error ? error.message : String(error));
    },
    fellBack: (limiter) => fallbacks.set(limiter, (fallbacks.get(limiter) ?? 0) + 1),
    async state() {
      if (client.status !== "ready") return "degraded";
      if (!healthy)
        await client.ping().then(
          () => recover(),
          (error) => degrade(String(error)),
        );
      return healthy ? "ok" : "degraded";
    },
    registerMetrics(registry) {
      new Gauge({
        name: "padron_redis_up",
        help: "1 while the shared Redis answers, 0 while rate limits are counted per process",
        registers: [registry],
        collect() {
          this.set(healthy && client.status === "ready" ? 1 : 0);
        },
      });
      new Counter({
        name: "padron_rate_limit_local_total",
        help: "Requests a limiter counted in this process because Redis could not be asked",
        labelNames: ["limiter"],
        registers: [registry],
        collect() {
          this.reset();
          for (const [limiter, count] of fallbacks) this.inc({ limiter }, count);
        },
      });
    },
    close() {
      closing = true;
      client.disconnect();
    },
  };
}
