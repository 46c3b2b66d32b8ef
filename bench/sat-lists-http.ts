// POST /v1/rfc/sat-lists through the whole stack (auth, rate limit set high, 1-credit charge, request log)
// vs a bare Fastify route returning the same JSON, in one run (servers in child processes, load from
// this one); the same for an owner with an active plan (free: no charge transaction). First, p99 at a
// steady 1,000 req/s (charged) once the servers have settled. Targets (DESIGN §5): ratio ≥ 0.5; p99 <
// 5 ms at 1,000 req/s.
// Each steady window also reports how long the server, the load generator, PostgreSQL and the rest of the
// machine ran and waited for a core (bench/core-waits.ts).
// BENCH_SATURATE=0 measures the steady rate only (the saturated ratio was a retired target).
// On PostgreSQL a fourth server, the floor (sat-lists-server.ts), is measured after the bare route.
// BENCH_WIRE=1 also times each steady answer on the wire (bench/wire-latency.ts: tcpdump, root).
// Usage: [BENCH_ROUNDS=3] [BENCH_WARM_SECONDS=20] [BENCH_SATURATE=1] node bench/sat-lists-http.ts [seconds=10] [connections=50] [listRows=100000] [DATABASE_URL]
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { alternateRounds } from "./alternate-rounds.ts";
import { startCoreWaits } from "./core-waits.ts";
import { SERVICE_NODE_FLAGS } from "./service-node-flags.ts";
import { steadyLoad } from "./steady-load.ts";
import { startWireCapture } from "./wire-latency.ts";

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const listRows = process.argv[4] ?? "100000";
const databaseUrl = process.argv[5];
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
// Each server runs this long at the rate before its p99 is measured: JIT and heap reach steady state.
const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 20);
const saturate = process.env.BENCH_SATURATE !== "0";

async function startServer(kind: "bare" | "floor" | "platform" | "plan") {
  const child = spawn(
    process.execPath,
    [
      ...SERVICE_NODE_FLAGS,
      "bench/sat-lists-server.ts",
      kind,
      listRows,
      ...(databaseUrl ? [databaseUrl] : []),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const line = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout }).once("line", resolve),
  );
  return {
    ...(JSON.parse(line) as { url: string; key?: string; rfc?: string }),
    pid: child.pid as number,
    stop: () => child.kill(),
  };
}

type Server = { url: string; key?: string; rfc?: string; pid: number };
const headersOf = (server: Server) => ({
  "content-type": "application/json",
  ...(server.key ? { "x-api-key": server.key } : {}),
});
const bodyOf = (server: Server) => JSON.stringify({ rfc: server.rfc ?? "AAG090703QT6" });

async function load(server: Server) {
  const result = await autocannon({
    url: server.url,
    method: "POST",
    connections,
    duration: seconds,
    headers: headersOf(server),
    body: bodyOf(server),
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
const plan = await startServer("plan");
const floor = databaseUrl ? await startServer("floor") : null;
const wireOf = (server: Server) =>
  process.env.BENCH_WIRE === "1" ? startWireCapture(Number(new URL(server.url).port)) : null;
const servers = [bare, platform, plan, ...(floor ? [floor] : [])];
const wires = new Map<Server, ReturnType<typeof wireOf>>(servers.map((server) => [server, wireOf(server)]));
try {
  const check = await fetch(platform.url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": platform.key ?? "" },
    body: JSON.stringify({ rfc: platform.rfc }),
  });
  const answer = (await check.json()) as { sat_lists: unknown[] };
  if (check.status !== 200 || answer.sat_lists.length === 0)
    throw new Error(`unexpected answer ${check.status}`);
  // Steady state first: warmed at the rate, a pause for the load generator's own garbage, then measured.
  const steady = async (server: Server, duration = seconds) => {
    const cores = startCoreWaits({ server: server.pid, loadGenerator: process.pid });
    const from = Date.now();
    const result = await steadyLoad({
      url: server.url,
      headers: headersOf(server),
      body: bodyOf(server),
      rate: 1000,
      seconds: duration,
    });
    return { ...result, wire: wires.get(server)?.window(from, Date.now()) ?? null, cores: cores() };
  };
  await sleep(5000);
  await steady(bare, warmSeconds);
  await sleep(1000);
  const bareSteady = await steady(bare);
  let floorSteady = null;
  if (floor) {
    await steady(floor, warmSeconds);
    await sleep(1000);
    floorSteady = await steady(floor);
  }
  await steady(platform, warmSeconds);
  await sleep(1000);
  const platformSteady = await steady(platform);
  // The same for the owner with a plan: no charge to wait for, so the difference is the charge's commit.
  await steady(plan, warmSeconds);
  await sleep(1000);
  const planSteady = await steady(plan);
  const saturated = async (measured: Server) => {
    if (!saturate) return null;
    await load(bare);
    await load(measured);
    return alternateRounds(
      rounds,
      () => load(bare),
      () => load(measured),
    );
  };
  const charged = await saturated(platform);
  const free = await saturated(plan);
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        seconds,
        connections,
        list_rows: Number(listRows),
        engine: databaseUrl ? "postgres" : "sqlite",
        rounds,
        warm_seconds: warmSeconds,
        node_flags: SERVICE_NODE_FLAGS,
        sat_lists: charged,
        sat_lists_active_plan: free,
        at_1000_rps: {
          bare: bareSteady,
          ...(floorSteady ? { floor: floorSteady } : {}),
          sat_lists: platformSteady,
          sat_lists_active_plan: planSteady,
        },
      },
      null,
      2,
    ),
  );
} finally {
  for (const wire of wires.values()) wire?.stop();
  for (const server of servers) server.stop();
}
