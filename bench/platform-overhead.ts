// Throughput of a no-op route behind the whole API platform vs a bare Fastify route, measured in one
// run (servers in child processes, load from this one). Target: ratio ≥ 0.5.
// Usage: [BENCH_ROUNDS=3] node bench/platform-overhead.ts [seconds=10] [connections=50,100,200] [DATABASE_URL]
// (bare and platform loaded in alternation BENCH_ROUNDS times, each at every connection count, its best
// kept as its throughput; each round's ratio and the median reported)
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { alternateRounds, bestOf } from "./alternate-rounds.ts";

const seconds = Number(process.argv[2] ?? 10);
const connectionCounts = (process.argv[3] ?? "50,100,200").split(",").map(Number);
const databaseUrl = process.argv[4];
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

async function startServer(kind: "bare" | "platform") {
  const child = spawn(
    process.execPath,
    ["bench/platform-server.ts", kind, ...(databaseUrl ? [databaseUrl] : [])],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const line = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout }).once("line", resolve),
  );
  return { ...(JSON.parse(line) as { url: string; key?: string }), stop: () => child.kill() };
}

async function load(connections: number, url: string, key?: string) {
  const result = await autocannon({
    url,
    method: "POST",
    connections,
    duration: seconds,
    headers: { "content-type": "application/json", ...(key ? { "x-api-key": key } : {}) },
    body: "{}",
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const bare = await startServer("bare");
const platform = await startServer("platform");
try {
  const warmest = Math.max(...connectionCounts);
  await load(warmest, bare.url);
  await load(warmest, platform.url, platform.key);
  const compared = await alternateRounds(
    rounds,
    () => bestOf(connectionCounts, (connections) => load(connections, bare.url)),
    () => bestOf(connectionCounts, (connections) => load(connections, platform.url, platform.key)),
  );
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        seconds,
        connections: connectionCounts,
        engine: databaseUrl ? "postgres" : "sqlite",
        rounds: compared.rounds.map((r) => ({ bare: r.base, platform: r.measured, ratio: r.ratio })),
        median_ratio: compared.median_ratio,
      },
      null,
      2,
    ),
  );
} finally {
  bare.stop();
  platform.stop();
}
